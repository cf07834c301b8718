// Verification of a webhook delivery, for receivers written in TypeScript/JavaScript (docs/webhooks.md shows
// the same steps in Python). Needs the raw body bytes as received: a re-serialised JSON body does not verify.
import { timingSafeEqual } from 'node:crypto';
import { signingKeyOf } from '../auth/api-key.ts';
import { signature, SIGNATURE_SCHEME } from './signature.ts';

export interface VerifyWebhookInput {
  /** The API key that created the scan; or give `secretDigest` instead. */
  apiKey?: string;
  /** SHA-256 of the API key: the 32 raw bytes, or their 64 hex characters. */
  secretDigest?: Buffer | string;
  /** The raw request body. */
  body: Buffer | string;
  /** The X-Service-Signature header (`v1=<hex>`; several comma-separated values are accepted). */
  signatureHeader: string | string[] | undefined;
  /** The X-Service-Timestamp header (unix seconds). */
  timestampHeader: string | string[] | undefined;
  /** Largest accepted distance between the timestamp and now, in seconds; default 300. */
  toleranceSeconds?: number;
  /** Now, for tests; default the current time. */
  now?: Date;
}

export type VerifyWebhookResult =
  | { ok: true; timestamp: number }
  | { ok: false; reason: 'no_secret' | 'malformed_timestamp' | 'stale_timestamp' | 'malformed_signature' | 'signature_mismatch' };

const single = (h: string | string[] | undefined) => (Array.isArray(h) ? (h.length === 1 ? h[0] : undefined) : h);

/** Constant-time check of a delivery's signature and timestamp. Never throws. */
export function verifyWebhook(input: VerifyWebhookInput): VerifyWebhookResult {
  const secret = input.secretDigest !== undefined
    ? (typeof input.secretDigest === 'string' ? Buffer.from(input.secretDigest, 'hex') : input.secretDigest)
    : input.apiKey !== undefined ? signingKeyOf(input.apiKey) : undefined;
  if (!secret || secret.length !== 32) return { ok: false, reason: 'no_secret' };
  const timestamp = single(input.timestampHeader);
  if (timestamp === undefined || !/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'malformed_timestamp' };
  const nowSeconds = Math.floor((input.now ?? new Date()).getTime() / 1000);
  if (Math.abs(nowSeconds - Number(timestamp)) > (input.toleranceSeconds ?? 300)) return { ok: false, reason: 'stale_timestamp' };
  const candidates = (single(input.signatureHeader) ?? '').split(',').map((s) => s.trim())
    .filter((s) => s.startsWith(`${SIGNATURE_SCHEME}=`)).map((s) => s.slice(SIGNATURE_SCHEME.length + 1))
    .filter((hex) => /^[0-9a-fA-F]{64}$/.test(hex));
  if (candidates.length === 0) return { ok: false, reason: 'malformed_signature' };
  const body = typeof input.body === 'string' ? Buffer.from(input.body, 'utf8') : input.body;
  const expected = Buffer.from(signature(secret, timestamp, body), 'hex');
  // Every candidate is compared (no early exit), each in constant time.
  let match = false;
  for (const hex of candidates) match = timingSafeEqual(Buffer.from(hex, 'hex'), expected) || match;
  return match ? { ok: true, timestamp: Number(timestamp) } : { ok: false, reason: 'signature_mismatch' };
}
