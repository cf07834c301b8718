// One delivery attempt: sign the stored event bytes for this moment and POST them through the scanner's SSRF-safe
// connector (every address vetted, no redirects followed, TLS verified). Success is a 2xx answer within
// WEBHOOK_TIMEOUT_MS; anything else is a failure with a short reason for the partner (`last_error`).
// Never called inside a transaction.
import type { ServerKeys } from '../auth/secret.ts';
import type { Config } from '../config.ts';
import { ConnectError, safeRequest } from '../net/index.ts';
import type { ConnectorSettings } from '../net/index.ts';
import { webhookSigningKey } from '../auth/keys.ts';
import type { Queryable } from '../storage/db.ts';
import type { AttemptOutcome, WebhookEventRow } from '../storage/webhook-deliveries.ts';
import { EVENT_ID_HEADER, signatureHeaders } from './signature.ts';

/** Receivers answer with an acknowledgement; nothing in it is read, so little of it is downloaded. */
const MAX_RESPONSE_BYTES = 4096;

/** The connector of webhook deliveries: the scanner's network settings (the TEST-ONLY overrides included), our
 * own User-Agent, and the system's trusted CAs (plus NODE_EXTRA_CA_CERTS). */
export function webhookConnector(config: Pick<Config, 'publicBaseUrl' | 'scan'>): ConnectorSettings {
  return {
    allowedCidrs: config.scan.allowedCidrs,
    dnsServers: config.scan.dnsServers,
    ...(config.scan.httpsPort !== undefined ? { httpsPort: config.scan.httpsPort } : {}),
    anyPort: true,
    userAgent: `ConfgateWebhooks/1.0 (+${config.publicBaseUrl})`,
  };
}

/** OpenSSL and socket error codes, as partners read them. */
const REASONS: Record<string, string> = {
  CERT_HAS_EXPIRED: 'certificate has expired',
  CERT_NOT_YET_VALID: 'certificate is not yet valid',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed certificate',
  SELF_SIGNED_CERT_IN_CHAIN: 'self-signed certificate in the chain',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'certificate not issued by a trusted authority',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'certificate not issued by a trusted authority',
  ERR_TLS_CERT_ALTNAME_INVALID: 'certificate does not match the host name',
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EPIPE: 'connection closed',
};

function reason(err: ConnectError, timeoutMs: number): string {
  switch (err.code) {
    case 'timeout':
      return `timeout after ${timeoutMs} ms`;
    case 'refused-address':
      // Not the address itself: it came from our resolver and may describe internal space.
      return 'address not allowed: the host resolves to a non-public address';
    case 'refused-host':
      return 'host not allowed: not a public host name';
    case 'dns':
      return `DNS error: ${err.message}`;
    case 'tls':
      return `TLS error: ${REASONS[err.message] ?? err.message}`;
    default:
      return REASONS[err.message] ?? `network error: ${err.message}`;
  }
}

function judge(status: number): AttemptOutcome {
  if (status >= 200 && status < 300) return { ok: true, statusCode: status, error: null };
  return { ok: false, statusCode: status, error: status >= 300 && status < 400 ? `HTTP ${status} (redirects are not followed)` : `HTTP ${status}` };
}

/**
 * Sends the event once, signed for `now`. Receiver-side failures come back as outcomes; what throws is ours
 * (the database, the signing key), for the caller to retry.
 */
export async function sendEvent(db: Queryable, keys: ServerKeys, config: Pick<Config, 'publicBaseUrl' | 'scan' | 'webhooks'>, event: WebhookEventRow, now: Date): Promise<AttemptOutcome> {
  const secret = await webhookSigningKey(db, keys, event.key_id);
  if (!secret) throw new Error('the API key of the scan no longer exists');
  const body = Buffer.from(event.body);
  const { timeoutMs } = config.webhooks;
  try {
    const res = await safeRequest(event.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [EVENT_ID_HEADER]: event.id, ...signatureHeaders(secret, body, now) },
      body,
      timeoutMs,
      maxBodyBytes: MAX_RESPONSE_BYTES,
      verifyTls: true,
    }, webhookConnector(config));
    return judge(res.status);
  } catch (err) {
    if (err instanceof ConnectError) return { ok: false, statusCode: null, error: reason(err, timeoutMs) };
    throw err;
  }
}
