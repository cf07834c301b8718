// The webhook signature: HMAC-SHA256 over the exact bytes `<timestamp>.<raw body>`, keyed with the 32 raw bytes
// of SHA-256(API key) that created the scan, sent as `X-Service-Signature: v1=<hex>` next to
// `X-Service-Timestamp: <unix seconds>`. Signing the timestamp with the body lets receivers reject replays.
import { createHmac } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-Service-Signature';
export const TIMESTAMP_HEADER = 'X-Service-Timestamp';
export const EVENT_ID_HEADER = 'X-Service-Event-Id';
/** The scheme tag: a future scheme gets a new tag, and both can be sent side by side during a change. */
export const SIGNATURE_SCHEME = 'v1';

/** Lower-case hex HMAC-SHA256 of `<timestamp>.<body>`. */
export function signature(secret: Buffer, timestamp: string, body: Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`, 'utf8').update(body).digest('hex');
}

/** The signature and timestamp headers of one attempt sent at `now`. */
export function signatureHeaders(secret: Buffer, body: Buffer, now: Date): Record<string, string> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return { [TIMESTAMP_HEADER]: timestamp, [SIGNATURE_HEADER]: `${SIGNATURE_SCHEME}=${signature(secret, timestamp, body)}` };
}
