// The API key format: `svc_live_` + 32 random base62 characters + a 6-character base62 CRC32 of everything
// before it. The fixed prefix lets secret scanners recognise leaked keys; the checksum rejects typos and junk
// without a database lookup. Keys are never stored: see src/storage/api-keys.ts for what is.
import { createHash, createHmac, createSecretKey, randomBytes } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { crc32 } from 'node:zlib';

export const KEY_PREFIX = 'svc_live_';
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 32; // 32 × log2(62) ≈ 190 bits
const CHECKSUM_LENGTH = 6; // 62^6 > 2^32
export const KEY_PATTERN = new RegExp(`^${KEY_PREFIX}[0-9A-Za-z]{${RANDOM_LENGTH + CHECKSUM_LENGTH}}$`);
/** Characters of the random part shown in listings (`svc_live_AbCd…`). */
const DISPLAY_CHARS = 4;

function base62(n: number, width: number): string {
  let out = '';
  for (let i = 0; i < width; i++) {
    out = ALPHABET[n % 62] + out;
    n = Math.floor(n / 62);
  }
  return out;
}

function checksum(body: string): string {
  return base62(crc32(body), CHECKSUM_LENGTH);
}

function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 × 62: rejecting larger bytes keeps every character equally likely.
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

export function generateApiKey(): string {
  const body = KEY_PREFIX + randomBase62(RANDOM_LENGTH);
  return body + checksum(body);
}

/** True when `key` has the format and a matching checksum. Safe on any input. */
export function isWellFormedKey(key: string): boolean {
  if (!KEY_PATTERN.test(key)) return false;
  const body = key.slice(0, -CHECKSUM_LENGTH);
  return checksum(body) === key.slice(-CHECKSUM_LENGTH);
}

export function displayPrefix(key: string): string {
  return key.slice(0, KEY_PREFIX.length + DISPLAY_CHARS);
}

/** What authentication looks keys up by: HMAC-SHA256 under a server key, so a copy of the database alone
 * cannot even confirm a guessed key. */
export function lookupHash(lookupKey: Buffer, key: string): Buffer {
  return createHmac('sha256', hmacKey(lookupKey)).update(key, 'utf8').digest();
}

/** The lookup key as a KeyObject, made once: from raw bytes, every HMAC would import the key again (a tenth of a
 * cached partner read's CPU time). */
const hmacKeys = new WeakMap<Buffer, KeyObject>();
function hmacKey(raw: Buffer): KeyObject {
  let key = hmacKeys.get(raw);
  if (!key) hmacKeys.set(raw, (key = createSecretKey(raw)));
  return key;
}

/** The spec's webhook HMAC key: the SHA-256 digest of the API key (32 raw bytes). */
export function signingKeyOf(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}
