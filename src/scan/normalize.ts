// Input validation for scan targets: what the API accepts before any network activity. A target is a public DNS
// name under an ICANN public suffix (src/net/hostname.ts); everything else is refused with a reason code.
import { checkHostname, MAX_INPUT, refuse } from '../net/hostname.ts';
import type { DomainResult, Refusal } from '../net/hostname.ts';

/** Splits a URL-ish input; bare names get a scheme so one parser (WHATWG, which also canonicalises IPv4 forms
 * such as `2130706433` or `0x7f.1` into dotted quads) handles both shapes. */
function toUrl(input: string): URL | Refusal {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(input) ? input : `http://${input}`;
  const scheme = withScheme.slice(0, withScheme.indexOf(':')).toLowerCase();
  if (scheme !== 'http' && scheme !== 'https') return refuse('scheme', `only http and https URLs can be scanned, not ${scheme}:`);
  try {
    return new URL(withScheme);
  } catch {
    return refuse('invalid', 'not a valid domain name or URL');
  }
}

/**
 * Normalises a scan target given as a domain or a URL: lower case, IDN to punycode, trailing dot, path, query
 * and fragment dropped. Ports other than 80/443 and credentials are refused.
 */
export function normalizeDomain(input: unknown): DomainResult {
  if (typeof input !== 'string') return refuse('invalid', 'a domain name is required');
  const trimmed = input.trim();
  if (trimmed === '') return refuse('invalid', 'a domain name is required');
  if (trimmed.length > MAX_INPUT) return refuse('too-long', `input longer than ${MAX_INPUT} characters`);
  // Whitespace or control characters inside the input would be silently dropped or encoded by the URL parser.
  if (/[\s\u0000-\u001f\u007f\\]/.test(trimmed)) return refuse('bad-characters', 'the domain contains whitespace or control characters');
  const url = toUrl(trimmed);
  if (!(url instanceof URL)) return url;
  if (url.username !== '' || url.password !== '') return refuse('credentials', 'URLs with credentials are not accepted');
  if (url.port !== '' && url.port !== '80' && url.port !== '443') return refuse('port', 'only ports 80 and 443 can be scanned');
  return checkHostname(url.hostname);
}
