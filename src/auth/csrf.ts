// CSRF tokens for the developer area's forms: an HMAC of a per-visitor secret (the session token when signed
// in, a random pre-session cookie before), so a token is useless without the cookie the attacker cannot read.
import { createHmac, timingSafeEqual } from 'node:crypto';

export function csrfToken(key: Buffer, binding: string): string {
  return createHmac('sha256', key).update(`csrf\n${binding}`, 'utf8').digest('base64url');
}

export function validCsrf(key: Buffer, binding: string | undefined, token: unknown): boolean {
  if (!binding || typeof token !== 'string') return false;
  const expected = Buffer.from(csrfToken(key, binding), 'utf8');
  const actual = Buffer.from(token, 'utf8');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
