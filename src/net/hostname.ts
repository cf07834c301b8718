// Which host names and webhook URLs the outbound edge accepts, before any network activity: a public DNS name
// under an ICANN public suffix, never an address (except allowed ones, in tests). Shared by scan input
// validation (src/scan/normalize.ts), webhook URLs and the connector, which judges every hop again.
import { isIP } from 'node:net';
import { parse as parseDomain } from 'tldts';
import { isAllowedAddress, parseCidrs, vetAddress } from './address.ts';

export type Refusal = { ok: false; code: string; reason: string };
export type DomainResult = { ok: true; domain: string } | Refusal;
export type WebhookUrlResult = { ok: true; url: string } | Refusal;

export const MAX_INPUT = 2048;

/** Suffixes reserved for private, special or test use (RFC 2606, 6761, 6762, 7686, 8375, ICANN name collisions). */
const RESERVED_SUFFIXES = [
  'local', 'localhost', 'localdomain', 'internal', 'intranet', 'private', 'test', 'example', 'invalid', 'home',
  'home.arpa', 'arpa', 'lan', 'corp', 'onion', 'alt', 'mail',
];

export function refuse(code: string, reason: string): Refusal {
  return { ok: false, code, reason };
}

/** Judges a hostname already lower-cased and IDN-encoded by the URL parser. */
export function checkHostname(rawHost: string): DomainResult {
  if (rawHost.startsWith('[') || isIP(rawHost) !== 0) return refuse('ip-literal', 'IP addresses cannot be scanned; give a domain name');
  const host = rawHost.endsWith('.') ? rawHost.slice(0, -1) : rawHost;
  if (host === '') return refuse('invalid', 'empty host name');
  if (host.length > 253) return refuse('too-long', 'domain name longer than 253 characters');
  const labels = host.split('.');
  for (const label of labels) {
    if (label.length > 63) return refuse('label-too-long', `label "${label.slice(0, 20)}…" is longer than 63 characters`);
    if (!/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/.test(label)) return refuse('bad-characters', `label "${label}" is not a valid host name label`);
  }
  if (/^[0-9]+$/.test(labels[labels.length - 1] ?? '')) return refuse('ip-literal', 'numeric top-level label: looks like an IP address');
  if (host === 'localhost') return refuse('reserved', 'localhost cannot be scanned');
  if (labels.length < 2) return refuse('single-label', 'single-label names cannot be scanned; give a fully qualified domain');
  const reserved = RESERVED_SUFFIXES.find((s) => host === s || host.endsWith(`.${s}`));
  if (reserved !== undefined) return refuse('reserved', `.${reserved} is a reserved or internal suffix`);
  const parsed = parseDomain(host, { allowPrivateDomains: false });
  if (!parsed.isIcann || parsed.domain === null || parsed.publicSuffix === null) {
    return refuse('no-public-suffix', `${host} is not under a public suffix`);
  }
  return { ok: true, domain: host };
}

export interface WebhookUrlOptions {
  /** TEST-ONLY: IP ranges a webhook host may be (or resolve to) besides public addresses. */
  allowedCidrs?: readonly string[];
}

/** Accepts an `https://` URL without credentials whose host is a public name, or an allowed address. */
export function validateWebhookUrl(input: unknown, options: WebhookUrlOptions = {}): WebhookUrlResult {
  if (typeof input !== 'string' || input.trim() === '') return refuse('invalid', 'a webhook URL is required');
  if (input.length > MAX_INPUT) return refuse('too-long', `URL longer than ${MAX_INPUT} characters`);
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return refuse('invalid', 'not a valid URL');
  }
  if (url.protocol !== 'https:') return refuse('scheme', 'webhook URLs must use https://');
  if (url.username !== '' || url.password !== '') return refuse('credentials', 'webhook URLs must not contain credentials');
  url.hash = '';
  const host = url.hostname;
  if (host.startsWith('[') || isIP(host) !== 0) {
    // An address is only ever a webhook host in tests: it must be inside the allowed ranges, and still pass vetting.
    const allowed = parseCidrs(options.allowedCidrs ?? []);
    const verdict = vetAddress(host, allowed);
    if (!isAllowedAddress(host, allowed)) return refuse('ip-literal', 'webhook hosts must be domain names, not IP addresses');
    return verdict.ok ? { ok: true, url: url.toString() } : refuse('ip-literal', `webhook host refused: ${verdict.reason}`);
  }
  const name = checkHostname(host);
  return name.ok ? { ok: true, url: url.toString() } : name;
}
