// The server secret and the keys derived from it. One secret (SECRET_KEY, or DATA_DIR/secret.key generated on
// first use with the embedded store) feeds HKDF-SHA256 with a distinct label per purpose, so a key used for one
// job (e.g. CSRF tokens) reveals nothing about another (e.g. the encryption of webhook signing keys).
import { closeSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Config } from '../config.ts';

export const SECRET_FILE = 'secret.key';

export interface ServerKeys {
  /** HMAC-SHA256 key for API-key lookup hashes. */
  lookup: Buffer;
  /** AES-256-GCM key for the webhook signing keys at rest. */
  encryption: Buffer;
  /** HMAC-SHA256 key for CSRF tokens. */
  csrf: Buffer;
}

/** Reads DATA_DIR/secret.key, creating it (mode 0600, exclusive create) when absent: the CLI and the service
 * may both get here first, and both must end up with the same secret. */
function embeddedSecret(dataDir: string): string {
  const file = path.join(dataDir, SECRET_FILE);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    const fd = openSync(file, 'wx', 0o600);
    writeSync(fd, `${randomBytes(32).toString('hex')}\n`);
    closeSync(fd);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} is damaged (shorter than 32 characters); restore it from a backup`);
  return secret;
}

const cache = new Map<string, ServerKeys>();

/** The derived keys for this configuration (SECRET_KEY, else the embedded store's generated secret). */
export function serverKeys(config: Pick<Config, 'secretKey' | 'dataDir'>): ServerKeys {
  const secret = config.secretKey ?? embeddedSecret(config.dataDir);
  let keys = cache.get(secret);
  if (!keys) {
    const derive = (label: string) => Buffer.from(hkdfSync('sha256', secret, 'confgate', label, 32));
    keys = { lookup: derive('api-key lookup v1'), encryption: derive('webhook-key encryption v1'), csrf: derive('csrf v1') };
    cache.set(secret, keys);
  }
  return keys;
}

const VERSION = 1;

/** AES-256-GCM; the output is version(1) | iv(12) | tag(16) | ciphertext. `context` (e.g. the key id) is
 * authenticated, so a ciphertext copied onto another row does not decrypt. */
export function encrypt(key: Buffer, plaintext: Buffer, context: string): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]);
}

export function decrypt(key: Buffer, sealed: Buffer, context: string): Buffer {
  if (sealed.length < 29 || sealed[0] !== VERSION) throw new Error('unknown ciphertext format');
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(1, 13));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(sealed.subarray(13, 29));
  return Buffer.concat([decipher.update(sealed.subarray(29)), decipher.final()]);
}
