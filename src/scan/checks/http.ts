// Checks over the home page's transport and response headers.
import type { Evidence } from '../evidence.ts';
import type { HstsPreloadEvidence } from '../hsts-preload.ts';
import type { Check, Outcome } from './check.ts';
import { clip, header, outcome, scanRule, withHome, withHttpsHome } from './check.ts';
import { parseCsp } from './csp.ts';

const MDN = 'https://developer.mozilla.org/docs/Web/HTTP/Reference/Headers';
/** SSL Labs and the Observatory both call an HSTS max-age under 180 days too short. */
const HSTS_MIN_SECONDS = 15_552_000;

const httpsRule = scanRule({
  id: 'CGS001',
  name: 'https-available',
  title: 'Site not available over HTTPS',
  description: 'Without HTTPS, everything the site sends and receives can be read and changed on the way.',
  severity: 'high',
  category: 'security',
  cwe: ['CWE-319'],
  references: ['https://developer.mozilla.org/docs/Web/Security/Transport_Layer_Security'],
  remediation: 'Serve the site over HTTPS with a certificate from a trusted CA.',
  equivalents: [],
  messages: { default: 'The site answers over HTTP but not over HTTPS: {{error}}.' },
});

export const httpsAvailableCheck: Check = {
  id: httpsRule.name,
  area: 'http',
  title: 'HTTPS available',
  rule: httpsRule,
  run: (e) => {
    if (e.https.ok) return outcome('pass', `HTTPS answers with status ${e.https.value.status}`);
    if (e.http.ok) return outcome('fail', `HTTP answers, HTTPS failed: ${e.https.error}`, { data: { error: e.https.error }, url: `https://${e.domain}/` });
    return outcome('error', `neither HTTPS nor HTTP answered: ${e.https.error}`);
  },
};

const redirectRule = scanRule({
  id: 'CGS002',
  name: 'http-redirects-to-https',
  title: 'HTTP does not redirect to HTTPS',
  description: 'Visitors who type the bare name arrive over HTTP; unless that redirects to HTTPS, their session starts unprotected.',
  severity: 'medium',
  category: 'security',
  cwe: ['CWE-319'],
  references: ['https://developer.mozilla.org/docs/Web/HTTP/Guides/Redirections'],
  remediation: 'Answer every plain-HTTP request with a 301 redirect to the same path over HTTPS.',
  equivalents: ['observatory:redirection'],
  messages: {
    default: 'http://{{domain}}/ ends at {{final}} instead of an https:// URL.',
    initial: 'http://{{domain}}/ first redirects to {{first}}, still plain HTTP, before reaching HTTPS.',
    'off-host': 'http://{{domain}}/ first redirects to another host ({{first}}): HSTS for {{domain}} is never set.',
  },
});

export const httpRedirectCheck: Check = {
  id: redirectRule.name,
  area: 'http',
  title: 'HTTP redirects to HTTPS',
  rule: redirectRule,
  run: (e) => {
    if (!e.http.ok) {
      // A refused redirect is a plain-HTTP service whose destination we do not visit: not judged, not absent.
      return e.http.refused ? outcome('error', `not followed: ${e.http.error}`) : outcome('not-applicable', `no plain-HTTP service: ${e.http.error}`);
    }
    const page = e.http.value;
    const hops = page.chain.map((h) => `${h.status} ${h.url}`).join(' → ');
    const url = `http://${e.domain}/`;
    if (!page.url.startsWith('https://')) return outcome('fail', hops, { data: { domain: e.domain, final: page.url }, url });
    // The first hop decides whether the browser ever sees this host's HSTS: it must go to https:// on the same host.
    const first = page.chain[1]?.url;
    if (first !== undefined) {
      const next = new URL(first);
      if (next.protocol !== 'https:') return outcome('warn', `${hops} — the first redirect stays on plain HTTP`, { messageId: 'initial', data: { domain: e.domain, first }, url, severity: 'low' });
      if (next.hostname !== e.domain) return outcome('warn', `${hops} — the first redirect leaves the host`, { messageId: 'off-host', data: { domain: e.domain, first }, url, severity: 'low' });
    }
    return outcome('pass', hops);
  },
};

const hstsRule = scanRule({
  id: 'CGS003',
  name: 'strict-transport-security',
  title: 'Strict-Transport-Security missing or weak',
  description: 'HSTS makes browsers use HTTPS for the site on every later visit, closing the first-request downgrade window.',
  severity: 'medium',
  category: 'security',
  cwe: ['CWE-319'],
  references: [`${MDN}/Strict-Transport-Security`, 'https://www.rfc-editor.org/rfc/rfc6797', 'https://hstspreload.org/'],
  remediation: 'Send Strict-Transport-Security: max-age=63072000; includeSubDomains; preload (after checking every subdomain serves HTTPS).',
  equivalents: ['observatory:strict-transport-security'],
  messages: {
    default: 'The HTTPS page sends no Strict-Transport-Security header.',
    weak: 'Strict-Transport-Security is weak: {{problems}}.',
    ignored: 'Browsers ignore the Strict-Transport-Security header: {{reason}} (RFC 6797 §8.1).',
  },
  examples: { bad: ['Strict-Transport-Security: max-age=300'], good: ['Strict-Transport-Security: max-age=63072000; includeSubDomains; preload'] },
});

/** Why browsers refuse the domain's certificate, if they do: they then ignore any Strict-Transport-Security header
 * that came over the connection (RFC 6797 §8.1; the Observatory's `hsts-invalid-cert`). */
function certificateRefusal(e: Evidence): string | undefined {
  if (!e.tls.ok) return undefined;
  const { trusted, trustError, certificate: cert } = e.tls.value;
  if (cert && cert.validTo < e.at) return 'the certificate has expired';
  if (cert && cert.validFrom > e.at) return 'the certificate is not valid yet';
  if (cert && !cert.hostnameMatches) return 'the certificate is for another name';
  if (!trusted) return `the certificate is not trusted (${trustError ?? 'unverified'})`;
  return undefined;
}

export const hstsCheck: Check = {
  id: hstsRule.name,
  area: 'http',
  title: 'HTTP Strict Transport Security',
  rule: hstsRule,
  run: (e) =>
    withHome(e, (page) => {
      const value = header(page, 'strict-transport-security');
      if (value === undefined || !page.url.startsWith('https://')) return outcome('fail', 'no Strict-Transport-Security header on the HTTPS page');
      // The certificate known is the domain's: a page on another host (www.) came over a connection of its own.
      const refused = new URL(page.url).hostname === e.domain ? certificateRefusal(e) : undefined;
      if (refused) return outcome('fail', `${clip(value)} — ignored: ${refused}`, { messageId: 'ignored', data: { reason: refused } });
      const directives = value.split(';').map((d) => d.trim().toLowerCase());
      const maxAge = /^max-age="?(\d+)"?$/.exec(directives.find((d) => d.startsWith('max-age')) ?? '');
      if (!maxAge || Number(maxAge[1]) === 0) return outcome('fail', `${clip(value)} — no usable max-age`, { messageId: 'weak', data: { problems: 'no usable max-age' } });
      if (Number(maxAge[1]) < HSTS_MIN_SECONDS) {
        const problem = `max-age ${maxAge[1]} is under 180 days`;
        return outcome('warn', `${clip(value)} — ${problem}`, { messageId: 'weak', data: { problems: problem }, severity: 'low' });
      }
      // includeSubDomains and preload are what the preload list needs, not what HSTS needs: noted, not charged.
      const notes = [directives.includes('includesubdomains') ? 'includeSubDomains' : 'no includeSubDomains', directives.includes('preload') ? 'preload' : 'no preload'];
      return outcome('pass', `${clip(value)} (${notes.join(', ')})`);
    }),
};

const xctoRule = scanRule({
  id: 'CGS005',
  name: 'x-content-type-options',
  title: 'X-Content-Type-Options: nosniff missing',
  description: 'Without `nosniff`, browsers may guess a response is script or a stylesheet and run it.',
  severity: 'low',
  category: 'security',
  cwe: ['CWE-693'],
  references: [`${MDN}/X-Content-Type-Options`],
  remediation: 'Send X-Content-Type-Options: nosniff on every response.',
  equivalents: ['observatory:x-content-type-options'],
  messages: { default: 'The page does not send X-Content-Type-Options: nosniff.' },
});

export const xctoCheck: Check = {
  id: xctoRule.name,
  area: 'http',
  title: 'X-Content-Type-Options',
  rule: xctoRule,
  run: (e) =>
    withHome(e, (page) => {
      const value = header(page, 'x-content-type-options');
      return value?.toLowerCase() === 'nosniff' ? outcome('pass', 'nosniff') : outcome('fail', value === undefined ? 'header missing' : `invalid value ${clip(value)}`);
    }),
};

const framingRule = scanRule({
  id: 'CGS006',
  name: 'clickjacking-protection',
  title: 'Page can be framed by other sites',
  description: 'A page that any site may frame can be overlaid and clicked through (clickjacking).',
  severity: 'medium',
  category: 'security',
  cwe: ['CWE-1021'],
  references: [`${MDN}/Content-Security-Policy/frame-ancestors`, `${MDN}/X-Frame-Options`],
  remediation: "Send Content-Security-Policy: frame-ancestors 'none' (or 'self'), and X-Frame-Options: DENY for older browsers.",
  equivalents: ['observatory:x-frame-options'],
  messages: { default: 'Neither CSP frame-ancestors nor X-Frame-Options restricts framing.', obsolete: 'X-Frame-Options ALLOW-FROM is ignored by current browsers.' },
});

export const framingCheck: Check = {
  id: framingRule.name,
  area: 'http',
  title: 'Clickjacking protection (frame-ancestors / X-Frame-Options)',
  rule: framingRule,
  run: (e) =>
    withHome(e, (page) => {
      const csp = header(page, 'content-security-policy');
      const ancestors = csp === undefined ? undefined : parseCsp(csp).get('frame-ancestors');
      if (ancestors !== undefined) return outcome('pass', `frame-ancestors ${ancestors.join(' ')}`);
      const xfo = header(page, 'x-frame-options')?.toUpperCase();
      if (xfo === 'DENY' || xfo === 'SAMEORIGIN') return outcome('pass', `X-Frame-Options ${xfo}`);
      if (xfo?.startsWith('ALLOW-FROM')) return outcome('warn', `X-Frame-Options ${clip(xfo)}`, { messageId: 'obsolete', severity: 'low' });
      return outcome('fail', xfo === undefined ? 'no frame-ancestors, no X-Frame-Options' : `invalid X-Frame-Options ${clip(xfo)}`);
    }),
};

const SAFE_REFERRER = new Set(['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin']);
const REFERRER_TOKENS = new Set([...SAFE_REFERRER, 'origin', 'origin-when-cross-origin', 'no-referrer-when-downgrade', 'unsafe-url']);

const referrerRule = scanRule({
  id: 'CGS007',
  name: 'referrer-policy',
  title: 'Referrer-Policy leaks full URLs',
  description: 'A lax Referrer-Policy sends full URLs, including paths and query strings, to other sites.',
  severity: 'low',
  category: 'security',
  cwe: ['CWE-200'],
  references: [`${MDN}/Referrer-Policy`],
  remediation: 'Send Referrer-Policy: strict-origin-when-cross-origin (or no-referrer).',
  equivalents: ['observatory:referrer-policy'],
  messages: { default: 'Referrer-Policy {{policy}} sends full URLs to other origins.', missing: 'No Referrer-Policy header; the browser default applies.' },
});

export const referrerCheck: Check = {
  id: referrerRule.name,
  area: 'http',
  title: 'Referrer-Policy',
  rule: referrerRule,
  run: (e) =>
    withHome(e, (page) => {
      const value = header(page, 'referrer-policy');
      if (value === undefined) return outcome('info', 'header missing (browser default strict-origin-when-cross-origin)', { messageId: 'missing' });
      // Browsers apply the last token they understand.
      const effective = value.split(',').map((t) => t.trim().toLowerCase()).filter((t) => REFERRER_TOKENS.has(t)).at(-1);
      if (effective !== undefined && SAFE_REFERRER.has(effective)) return outcome('pass', effective);
      return outcome('fail', clip(value), { data: { policy: effective ?? clip(value, 40) } });
    }),
};

const permissionsRule = scanRule({
  id: 'CGS008',
  name: 'permissions-policy',
  title: 'No Permissions-Policy',
  description: 'Permissions-Policy switches off powerful browser features (camera, geolocation...) the site does not use, limiting what injected or framed code can do.',
  severity: 'info',
  category: 'best-practice',
  references: [`${MDN}/Permissions-Policy`],
  remediation: 'Send a Permissions-Policy that disables unused features, e.g. camera=(), microphone=(), geolocation=().',
  equivalents: [],
  messages: {
    default: 'The page sends no Permissions-Policy header.',
    open: 'Permissions-Policy lets every origin use {{features}}.',
    invalid: 'Permissions-Policy cannot be parsed ({{problem}}): browsers ignore it.',
  },
});

/** Features that reach the user's devices, location or payments: granting them to every origin (`*`) is a gap. */
const POWERFUL_FEATURES = new Set(['camera', 'microphone', 'geolocation', 'payment', 'usb', 'serial', 'hid', 'bluetooth', 'display-capture', 'screen-wake-lock', 'midi']);

/** Parses a Permissions-Policy (a structured-field dictionary: `feature=(allowlist)`, `feature=*`, `feature=()`).
 * Returns the features and their allowlists, or the first problem. */
export function parsePermissionsPolicy(value: string): { ok: true; features: Map<string, string[]> } | { ok: false; problem: string } {
  const features = new Map<string, string[]>();
  for (const raw of value.split(',')) {
    const member = raw.trim();
    if (member === '') continue;
    const m = /^([a-z][a-z0-9_.*-]*)\s*=\s*(\*|self|\((?:[^()]*)\)|"[^"]*")\s*(?:;.*)?$/i.exec(member);
    if (!m) return { ok: false, problem: `"${clip(member, 40)}" is not feature=(allowlist)` };
    const list = (m[2] ?? '').replace(/^\(|\)$/g, '').trim();
    features.set((m[1] ?? '').toLowerCase(), list === '' ? [] : list.split(/\s+/));
  }
  return { ok: true, features };
}

export const permissionsCheck: Check = {
  id: permissionsRule.name,
  area: 'http',
  title: 'Permissions-Policy',
  rule: permissionsRule,
  run: (e) =>
    withHome(e, (page) => {
      const value = header(page, 'permissions-policy');
      if (value === undefined) return outcome('info', 'header missing');
      const parsed = parsePermissionsPolicy(value);
      if (!parsed.ok) return outcome('warn', `${clip(value)} — ${parsed.problem}`, { messageId: 'invalid', data: { problem: parsed.problem }, severity: 'low' });
      const open = [...parsed.features].filter(([f, list]) => POWERFUL_FEATURES.has(f) && list.includes('*')).map(([f]) => f);
      if (open.length > 0) return outcome('warn', `${clip(value)} — ${open.join(', ')} allowed to every origin`, { messageId: 'open', data: { features: open.join(', ') }, severity: 'low' });
      return outcome('pass', `${parsed.features.size} feature(s) restricted: ${clip(value)}`);
    }),
};

const isolationRule = scanRule({
  id: 'CGS009',
  name: 'cross-origin-isolation',
  title: 'No Cross-Origin-Opener-Policy',
  description: 'COOP separates the page from windows it opens or that open it, blocking cross-window attacks (XS-Leaks, tabnabbing); CORP and COEP complete cross-origin isolation.',
  severity: 'info',
  category: 'best-practice',
  references: [`${MDN}/Cross-Origin-Opener-Policy`, `${MDN}/Cross-Origin-Resource-Policy`, `${MDN}/Cross-Origin-Embedder-Policy`],
  remediation: 'Send Cross-Origin-Opener-Policy: same-origin (and Cross-Origin-Resource-Policy: same-origin where resources are not shared).',
  equivalents: ['observatory:cross-origin-resource-policy'],
  messages: {
    default: 'The page sends no Cross-Origin-Opener-Policy header.',
    invalid: '{{header}} has a value browsers do not know ({{value}}): it is ignored.',
  },
});

const ISOLATION_VALUES: Record<string, ReadonlySet<string>> = {
  'cross-origin-opener-policy': new Set(['same-origin', 'same-origin-allow-popups', 'unsafe-none', 'noopener-allow-popups']),
  'cross-origin-resource-policy': new Set(['same-origin', 'same-site', 'cross-origin']),
  'cross-origin-embedder-policy': new Set(['require-corp', 'credentialless', 'unsafe-none']),
};

export const isolationCheck: Check = {
  id: isolationRule.name,
  area: 'http',
  title: 'Cross-origin isolation (COOP/CORP/COEP)',
  rule: isolationRule,
  run: (e) =>
    withHome(e, (page) => {
      const names = ['cross-origin-opener-policy', 'cross-origin-resource-policy', 'cross-origin-embedder-policy'];
      const seen = names.map((n) => `${n.split('-').map((w) => w[0]?.toUpperCase()).join('')}=${header(page, n) ?? '-'}`).join(', ');
      // A value browsers do not know is ignored: that header protects nothing (the Observatory's corp-header-invalid).
      for (const n of names) {
        const v = header(page, n)?.split(';')[0]?.trim().toLowerCase();
        if (v !== undefined && !ISOLATION_VALUES[n]?.has(v)) return outcome('warn', `${seen} — ${n} value not recognised`, { messageId: 'invalid', data: { header: n, value: clip(v, 40) }, severity: 'low' });
      }
      const coop = header(page, 'cross-origin-opener-policy')?.toLowerCase();
      const coep = header(page, 'cross-origin-embedder-policy')?.toLowerCase();
      if (coop?.startsWith('same-origin') && (coep?.startsWith('require-corp') || coep?.startsWith('credentialless'))) return outcome('pass', `${seen} (cross-origin isolated)`);
      // Missing isolation headers are information: most sites need none of them, and no browser default is unsafe.
      return coop === undefined ? outcome('info', seen) : outcome('pass', seen);
    }),
};

const DISCLOSING = ['server', 'x-powered-by', 'x-aspnet-version', 'x-aspnetmvc-version', 'x-generator'];

const disclosureRule = scanRule({
  id: 'CGS012',
  name: 'version-disclosure',
  title: 'Software versions disclosed in headers',
  description: 'Version numbers in Server or X-Powered-By tell attackers which known vulnerabilities to try.',
  severity: 'low',
  category: 'security',
  cwe: ['CWE-200'],
  references: ['https://owasp.org/www-project-secure-headers/'],
  remediation: 'Remove version numbers from Server and drop X-Powered-By and X-AspNet-Version headers.',
  equivalents: [],
  messages: { default: 'Response headers disclose software versions: {{headers}}.' },
});

export const disclosureCheck: Check = {
  id: disclosureRule.name,
  area: 'http',
  title: 'Server version disclosure',
  rule: disclosureRule,
  run: (e) =>
    withHome(e, (page) => {
      const leaks = DISCLOSING.map((n) => [n, header(page, n)] as const)
        .filter(([, v]) => v !== undefined && /\d+\.\d+/.test(v))
        .map(([n, v]) => `${n}: ${clip(v ?? '', 60)}`);
      return leaks.length > 0 ? outcome('warn', leaks.join('; '), { data: { headers: leaks.join('; ') } }) : outcome('pass', 'no version numbers in Server/X-Powered-By');
    }),
};

/** Reads an Alt-Svc header into its alternatives (`h3=":443"; ma=86400, h3-29=":443"`); `clear` gives none. */
export function parseAltSvc(value: string): { protocol: string; authority: string; maxAge?: number }[] {
  if (value.trim().toLowerCase() === 'clear') return [];
  return value.split(',').flatMap((part) => {
    const m = /^\s*([^=\s]+)\s*=\s*"([^"]*)"\s*(.*)$/.exec(part);
    if (!m) return [];
    const ma = /(?:^|;)\s*ma\s*=\s*(\d+)/i.exec(m[3] ?? '');
    return [{ protocol: decodeURIComponent(m[1] ?? ''), authority: m[2] ?? '', ...(ma ? { maxAge: Number(ma[1]) } : {}) }];
  });
}

/** HTTP/3 as information: whether the HTTPS page advertises it (Alt-Svc). The scanner does not speak QUIC, so this
 * is what the site announces, not a connection made. */
export const http3Check: Check = {
  id: 'http3-advertised',
  area: 'http',
  title: 'HTTP/3 advertised (Alt-Svc)',
  run: (e) =>
    withHttpsHome(e, (page) => {
      const value = header(page, 'alt-svc');
      const h3 = value === undefined ? [] : parseAltSvc(value).filter((a) => /^h3(-\d+)?$/.test(a.protocol));
      if (h3.length === 0) return outcome('info', value === undefined ? 'no Alt-Svc header: HTTP/3 not advertised' : `Alt-Svc without h3: ${clip(value)}`);
      return outcome('pass', `HTTP/3 advertised: ${h3.map((a) => `${a.protocol}="${a.authority}"${a.maxAge !== undefined ? ` ma=${a.maxAge}` : ''}`).join(', ')}`);
    }),
};

/** The preload list's requirement a preloaded site must keep meeting (hstspreload.org): a year's max-age. */
const PRELOAD_MIN_SECONDS = 31_536_000;
const PRELOAD_HOWTO = 'set SCAN_HSTS_PRELOAD_LIST to a local copy of Chromium\'s transport_security_state_static.json';

/** HSTS preload status: a pure function of the scanned host, its HTTPS page's Strict-Transport-Security header (and
 * the page's URL: the header counts only when it came from the host itself) and the list's entry, if a list is
 * configured. Information only: no peer but the Observatory grades it, so it costs nothing. */
export function judgeHstsPreload(domain: string, home: { url: string; hsts: string | undefined } | undefined, list: HstsPreloadEvidence | undefined): Outcome {
  if (list === undefined) return outcome('info', `not judged: no HSTS preload list configured (${PRELOAD_HOWTO})`);
  const snapshot = `list of ${list.date}${list.dateSource === 'mtime' ? ' (file date)' : ''}, ${list.size} entries`;
  const entry = list.entry;
  if (entry === undefined) return outcome('info', `not preloaded: ${domain} is not in the ${snapshot}`);
  const via = entry.name === domain ? `${domain} preloaded` : `${domain} preloaded through ${entry.name} (include_subdomains)`;
  const what = `${via}${entry.include_subdomains && entry.name === domain ? ' with include_subdomains' : ''} — ${snapshot}`;
  // The list's requirements bind the name in it: a subdomain covered by its parent's entry has nothing to keep up.
  if (entry.name !== domain) return outcome('pass', what);
  if (home === undefined || new URL(home.url).hostname !== domain) return outcome('pass', `${what}; no header from ${domain} itself to compare`);
  const problems: string[] = [];
  const directives = (home.hsts ?? '').split(';').map((d) => d.trim().toLowerCase());
  const maxAge = /^max-age="?(\d+)"?$/.exec(directives.find((d) => d.startsWith('max-age')) ?? '');
  if (home.hsts === undefined) problems.push('no Strict-Transport-Security header');
  else if (!maxAge || Number(maxAge[1]) < PRELOAD_MIN_SECONDS) problems.push(`max-age ${maxAge?.[1] ?? 'missing'} is under 31536000`);
  if (home.hsts !== undefined && entry.include_subdomains && !directives.includes('includesubdomains')) problems.push('no includeSubDomains while the entry has include_subdomains');
  if (problems.length > 0) return outcome('warn', `${what}; removal risk: ${problems.join(', ')}`);
  return outcome('pass', what);
}

export const hstsPreloadCheck: Check = {
  id: 'hsts-preload',
  area: 'http',
  title: 'HSTS preload status',
  run: (e) => {
    const home = e.https.ok ? { url: e.https.value.url, hsts: header(e.https.value, 'strict-transport-security') } : undefined;
    return judgeHstsPreload(e.domain, home, e.hstsPreload);
  },
};
