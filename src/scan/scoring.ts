// Scan scoring is data, like file scoring, but keyed by check: each check's warn/fail costs points, a few
// failures cap the score, and checks that could not run (`error`) cost nothing. The walk makes
// score = 100 + sum(check points) exactly, so the JSON alone re-derives the score.
import type { CheckStatus } from './checks/check.ts';

export interface ScanScoringTable {
  version: string;
  /** Points a check costs by status; absent means 0. */
  points: Record<string, { fail?: number; warn?: number }>;
  /** A failing check with a cap holds the score at or below `max`. */
  caps: Record<string, { max: number; reason: string }>;
}

export const SCAN_SCORING_TABLE: ScanScoringTable = {
  version: 'scan-2026-11.5',
  points: {
    'https-available': { fail: 30 },
    'http-redirects-to-https': { fail: 10, warn: 5 },
    'strict-transport-security': { fail: 10, warn: 3 },
    'content-security-policy': { fail: 10, warn: 4 },
    'x-content-type-options': { fail: 5 },
    'clickjacking-protection': { fail: 8, warn: 2 },
    'referrer-policy': { fail: 3 },
    'permissions-policy': { warn: 2 },
    'cross-origin-isolation': { warn: 2 },
    'cors-policy': { fail: 25, warn: 5 },
    'cookie-attributes': { fail: 10, warn: 3 },
    'version-disclosure': { warn: 2 },
    'subresource-integrity': { warn: 5 },
    'mixed-content': { fail: 10, warn: 3 },
    'security-txt': { warn: 2 },
    'tls-legacy-protocols': { fail: 10 },
    'tls-cipher-suites': { fail: 20, warn: 3 },
    'tls-forward-secrecy': { fail: 10, warn: 3 },
    'tls-key-exchange-group': { fail: 10 },
    'tls-certificate-trust': { fail: 30 },
    'tls-hostname-mismatch': { fail: 30 },
    'tls-certificate-expiry': { fail: 30, warn: 5 },
    'tls-weak-key': { fail: 15 },
    'tls-weak-signature': { fail: 15 },
    'dns-address-records': { fail: 30 },
    'ipv6-reachability': { fail: 5 },
    'dns-caa': { warn: 2 },
    'email-spf': { fail: 8, warn: 4 },
    'email-dmarc': { fail: 8, warn: 4 },
    'email-mta-sts': { fail: 5, warn: 1 },
    'email-tls-rpt': { fail: 2, warn: 1 },
    // Bogus (scan-2026-11.4): validating resolvers refuse the name; unsigned (insecure) stays information (0).
    dnssec: { fail: 30 },
    'exposed-env-file': { fail: 40 },
    'exposed-git-repository': { fail: 40 },
    'exposed-container-config': { fail: 20 },
    'exposed-server-status': { fail: 10 },
    'exposed-ds-store': { fail: 5 },
    'exposed-backup': { fail: 40 },
  },
  caps: {
    'exposed-env-file': { max: 20, reason: 'secrets are publicly downloadable' },
    'exposed-git-repository': { max: 20, reason: 'source code and history are publicly downloadable' },
    'exposed-backup': { max: 20, reason: 'a backup or database dump is publicly downloadable' },
    'https-available': { max: 40, reason: 'the site is not available over HTTPS' },
    'tls-certificate-trust': { max: 40, reason: 'browsers reject the certificate' },
    'tls-hostname-mismatch': { max: 40, reason: 'browsers reject the certificate' },
    'tls-certificate-expiry': { max: 40, reason: 'browsers reject the expired certificate' },
    'dns-address-records': { max: 40, reason: 'the domain does not resolve' },
    dnssec: { max: 64, reason: 'DNSSEC validation fails: validating resolvers refuse to resolve the domain (or its mail servers)' },
    'exposed-container-config': { max: 64, reason: 'container configuration is publicly readable' },
    'cors-policy': { max: 64, reason: 'any website can read responses as the logged-in user' },
    // SSL Labs' rating guide: TLS 1.0/1.1 and no forward secrecy cap at B; RC4, 3DES and the like at C (NULL,
    // anonymous and EXPORT suites are an F there; here they fail the check and cap at C too — see the docs).
    'tls-legacy-protocols': { max: 89, reason: 'TLS 1.0/1.1 accepted (SSL Labs caps the grade at B)' },
    'tls-forward-secrecy': { max: 89, reason: 'no forward secrecy (SSL Labs caps the grade at B)' },
    'tls-key-exchange-group': { max: 89, reason: 'key exchange under 2048-bit DH or a 224-bit curve (SSL Labs caps weak DH at B)' },
    'tls-cipher-suites': { max: 79, reason: 'broken or 64-bit-block cipher suites accepted (SSL Labs caps the grade at C)' },
  },
};

export const SCAN_SCORING_VERSION = SCAN_SCORING_TABLE.version;

export interface AppliedCap {
  check: string;
  max: number;
  reason: string;
  /** Whether this cap set the score (the lowest triggered cap below the points-only score). */
  binding: boolean;
}

export interface ScanScore {
  score: number;
  /** Points per check id (0 or negative), in input order. */
  points: number[];
  caps: AppliedCap[];
}

/**
 * Costs checks most expensive first, never below 0 in total; then the lowest triggered cap, if the score is
 * above it, takes the difference from its own check's points.
 */
export function scoreChecks(checks: readonly { id: string; status: CheckStatus }[], table: ScanScoringTable = SCAN_SCORING_TABLE): ScanScore {
  const cost = (c: { id: string; status: CheckStatus }) => (c.status === 'fail' || c.status === 'warn' ? (table.points[c.id]?.[c.status] ?? 0) : 0);
  const points = checks.map(() => 0);
  let running = 100;
  const order = checks.map((c, i) => ({ i, cost: cost(c) })).sort((a, b) => b.cost - a.cost || a.i - b.i);
  for (const { i, cost: c } of order) {
    const taken = Math.min(c, running);
    running -= taken;
    points[i] = taken === 0 ? 0 : -taken;
  }
  const triggered = checks
    .map((c, i) => ({ i, id: c.id, cap: c.status === 'fail' ? table.caps[c.id] : undefined }))
    .filter((t): t is { i: number; id: string; cap: { max: number; reason: string } } => t.cap !== undefined)
    .sort((a, b) => a.cap.max - b.cap.max || a.i - b.i);
  const binding = triggered[0];
  const bound = binding !== undefined && running > binding.cap.max;
  if (binding !== undefined && bound) {
    points[binding.i] = (points[binding.i] ?? 0) - (running - binding.cap.max);
    running = binding.cap.max;
  }
  const caps = triggered.map((t) => ({ check: t.id, max: t.cap.max, reason: t.cap.reason, binding: bound && t === binding }));
  return { score: running, points, caps };
}
