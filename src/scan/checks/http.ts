// Checks over the home page's transport and response headers.
import type { Check } from './check.ts';
import { clip, header, outcome, scanRule, withHome } from './check.ts';
import { parseCsp } from './csp.ts';

const MDN = 'https://developer.mozilla.org/docs/Web/HTTP/Reference/Headers';
const YEAR_SECONDS = 31_536_000;

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
  messages: { default: 'http://{{domain}}/ ends at {{final}} instead of an https:// URL.' },
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
    if (page.url.startsWith('https://')) return outcome('pass', hops);
    return outcome('fail', hops, { data: { domain: e.domain, final: page.url }, url: `http://${e.domain}/` });
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
  messages: { default: 'The HTTPS page sends no Strict-Transport-Security header.', weak: 'Strict-Transport-Security is weak: {{problems}}.' },
  examples: { bad: ['Strict-Transport-Security: max-age=300'], good: ['Strict-Transport-Security: max-age=63072000; includeSubDomains; preload'] },
});

export const hstsCheck: Check = {
  id: hstsRule.name,
  area: 'http',
  title: 'HTTP Strict Transport Security',
  rule: hstsRule,
  run: (e) =>
    withHome(e, (page) => {
      const value = header(page, 'strict-transport-security');
      if (value === undefined || !page.url.startsWith('https://')) return outcome('fail', 'no Strict-Transport-Security header on the HTTPS page');
      const directives = value.split(';').map((d) => d.trim().toLowerCase());
      const maxAge = /^max-age="?(\d+)"?$/.exec(directives.find((d) => d.startsWith('max-age')) ?? '');
      if (!maxAge || Number(maxAge[1]) === 0) return outcome('fail', `${clip(value)} — no usable max-age`, { messageId: 'weak', data: { problems: 'no usable max-age' } });
      const problems: string[] = [];
      if (Number(maxAge[1]) < YEAR_SECONDS) problems.push(`max-age ${maxAge[1]} is under one year`);
      if (!directives.includes('includesubdomains')) problems.push('no includeSubDomains');
      const preload = directives.includes('preload') ? 'preload' : 'no preload';
      if (problems.length > 0) return outcome('warn', `${clip(value)} — ${problems.join('; ')}`, { messageId: 'weak', data: { problems: problems.join('; ') }, severity: 'low' });
      return outcome('pass', `${clip(value)} (${preload})`);
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
      if (value === undefined) return outcome('warn', 'header missing (browser default strict-origin-when-cross-origin)', { messageId: 'missing', severity: 'info' });
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
  messages: { default: 'The page sends no Permissions-Policy header.' },
});

export const permissionsCheck: Check = {
  id: permissionsRule.name,
  area: 'http',
  title: 'Permissions-Policy',
  rule: permissionsRule,
  run: (e) =>
    withHome(e, (page) => {
      const value = header(page, 'permissions-policy');
      return value === undefined ? outcome('warn', 'header missing') : outcome('pass', clip(value));
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
  messages: { default: 'The page sends no Cross-Origin-Opener-Policy header.' },
});

export const isolationCheck: Check = {
  id: isolationRule.name,
  area: 'http',
  title: 'Cross-origin isolation (COOP/CORP/COEP)',
  rule: isolationRule,
  run: (e) =>
    withHome(e, (page) => {
      const names = ['cross-origin-opener-policy', 'cross-origin-resource-policy', 'cross-origin-embedder-policy'];
      const seen = names.map((n) => `${n.split('-').map((w) => w[0]?.toUpperCase()).join('')}=${header(page, n) ?? '-'}`).join(', ');
      return header(page, 'cross-origin-opener-policy') === undefined ? outcome('warn', seen) : outcome('pass', seen);
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
