// Checks over what the home page allows and includes: CORS, cookies, subresource integrity, mixed content.
import type { Page } from '../evidence.ts';
import type { Check } from './check.ts';
import { clip, header, outcome, scanRule, withHome, withPage } from './check.ts';

const MDN = 'https://developer.mozilla.org/docs';

const corsRule = scanRule({
  id: 'CGS010',
  name: 'cors-policy',
  title: 'CORS lets other sites read responses',
  description: 'Reflecting any Origin in Access-Control-Allow-Origin together with Access-Control-Allow-Credentials lets every website read logged-in users\' responses.',
  severity: 'high',
  category: 'security',
  cwe: ['CWE-942'],
  references: [`${MDN}/Web/HTTP/Guides/CORS`, 'https://portswigger.net/web-security/cors'],
  remediation: 'Allow only a fixed list of trusted origins, and never combine a reflected or wildcard origin with credentials.',
  equivalents: ['observatory:cross-origin-resource-sharing'],
  messages: {
    default: 'The site reflects any Origin with credentials allowed: any website can read responses as the logged-in user.',
    reflected: 'The site reflects any Origin in Access-Control-Allow-Origin.',
    wildcard: 'Access-Control-Allow-Origin: * lets any website read this page.',
  },
});

export const corsCheck: Check = {
  id: corsRule.name,
  area: 'http',
  title: 'Cross-origin resource sharing',
  rule: corsRule,
  run: (e) =>
    withPage(e.cors, (page) => {
      const origin = header(page, 'access-control-allow-origin');
      const credentials = header(page, 'access-control-allow-credentials')?.toLowerCase() === 'true';
      const seen = `probe Origin ${e.corsOrigin} → Access-Control-Allow-Origin: ${origin ?? '-'}, credentials: ${credentials}`;
      if (origin === e.corsOrigin) return credentials ? outcome('fail', seen) : outcome('warn', seen, { messageId: 'reflected', severity: 'medium' });
      if (origin === '*') return outcome('warn', seen, { messageId: 'wildcard', severity: 'low' });
      return outcome('pass', seen);
    }, 'the home page with a foreign Origin'),
};

interface CookieFacts {
  name: string;
  attributes: Map<string, string>;
}

/** Reads a Set-Cookie header's name and attributes; the value is dropped here and never reaches evidence. */
export function parseSetCookie(line: string): CookieFacts {
  const [pair = '', ...attrs] = line.split(';');
  const name = pair.split('=')[0]?.trim() ?? '';
  const attributes = new Map<string, string>();
  for (const a of attrs) {
    const [k = '', ...v] = a.split('=');
    attributes.set(k.trim().toLowerCase(), v.join('=').trim());
  }
  return { name, attributes };
}

const SESSIONISH = /sess|auth|token|sid|jwt|login|remember|csrf|xsrf/i;
const ANTI_CSRF = /csrf|xsrf/i;

/** Problems with one cookie: `fail` ones weaken the session, `warn` ones are hardening gaps. A missing SameSite
 * is charged only where it matters (anti-CSRF tokens fail, session cookies warn): browsers default to Lax. */
export function cookieProblems(c: CookieFacts): { fail: string[]; warn: string[] } {
  const fail: string[] = [];
  const warn: string[] = [];
  const has = (a: string) => c.attributes.has(a);
  const sameSite = c.attributes.get('samesite')?.toLowerCase();
  if (!has('secure')) fail.push('no Secure');
  if (!has('httponly') && SESSIONISH.test(c.name) && !ANTI_CSRF.test(c.name)) fail.push('no HttpOnly');
  if (sameSite === undefined) {
    if (ANTI_CSRF.test(c.name)) fail.push('anti-CSRF cookie without SameSite');
    else if (SESSIONISH.test(c.name)) warn.push('no SameSite');
  } else if (sameSite !== 'lax' && sameSite !== 'strict' && sameSite !== 'none') fail.push(`invalid SameSite=${clip(sameSite, 20)}`);
  else if (sameSite === 'none' && !has('secure')) fail.push('SameSite=None without Secure');
  // Cookie prefixes (RFC 6265bis §4.1.3): browsers refuse a prefixed cookie that breaks its rules, so it is never set.
  if (c.name.startsWith('__Host-') && (!has('secure') || has('domain') || c.attributes.get('path') !== '/')) fail.push('__Host- prefix needs Secure, Path=/ and no Domain');
  if (c.name.startsWith('__Secure-') && !has('secure')) fail.push('__Secure- prefix needs Secure');
  return { fail, warn };
}

/** Every cookie the site sets on the way to its home pages — redirects included, over HTTPS and plain HTTP — as a
 * browser's cookie jar keeps them (the last Set-Cookie of a name wins). */
export function collectedCookies(pages: readonly Page[]): CookieFacts[] {
  const jar = new Map<string, CookieFacts>();
  for (const page of pages) {
    for (const hop of page.chain) for (const line of hop.setCookie ?? []) {
      const c = parseSetCookie(line);
      if (c.name !== '') jar.set(c.name, c);
    }
  }
  return [...jar.values()];
}

const cookieRule = scanRule({
  id: 'CGS011',
  name: 'cookie-attributes',
  title: 'Cookies without Secure, HttpOnly or SameSite',
  description: 'Cookies without Secure travel over plain HTTP; session cookies without HttpOnly are readable by injected script; without SameSite they ride along on cross-site requests.',
  severity: 'medium',
  category: 'security',
  cwe: ['CWE-614', 'CWE-1004', 'CWE-1275'],
  references: [`${MDN}/Web/HTTP/Reference/Headers/Set-Cookie`, `${MDN}/Web/Security/Practical_implementation_guides/Cookies`],
  remediation: 'Set cookies with Secure, HttpOnly (for anything session-related), SameSite=Lax or Strict, and a __Host- prefix where possible.',
  equivalents: ['observatory:cookies'],
  messages: { default: 'Cookies are set without protective attributes: {{problems}}.', hardening: 'Cookies could be hardened: {{problems}}.' },
  examples: { bad: ['Set-Cookie: sessionid=…; Path=/'], good: ['Set-Cookie: __Host-sessionid=…; Path=/; Secure; HttpOnly; SameSite=Lax'] },
});

export const cookieCheck: Check = {
  id: cookieRule.name,
  area: 'http',
  title: 'Cookie attributes',
  rule: cookieRule,
  run: (e) => {
      const pages = [e.https, e.http].flatMap((p) => (p.ok ? [p.value] : []));
      if (pages.length === 0) return outcome('error', `could not fetch the home page: ${e.https.ok ? '' : e.https.error}`);
      const cookies = collectedCookies(pages);
      if (cookies.length === 0) return outcome('not-applicable', 'no cookies set on the home pages or their redirects');
      const judged = cookies.map((c) => ({ name: c.name, ...cookieProblems(c) }));
      const failures = judged.filter((j) => j.fail.length > 0).map((j) => `${j.name}: ${[...j.fail, ...j.warn].join(', ')}`);
      const warnings = judged.filter((j) => j.fail.length === 0 && j.warn.length > 0).map((j) => `${j.name}: ${j.warn.join(', ')}`);
      const list = clip([...failures, ...warnings].join('; '), 300);
      if (failures.length > 0) return outcome('fail', list, { data: { problems: list } });
      if (warnings.length > 0) return outcome('warn', list, { messageId: 'hardening', data: { problems: list }, severity: 'low' });
      return outcome('pass', `${cookies.length} cookie(s), all Secure${cookies.some((c) => !c.attributes.has('samesite')) ? ' (some without SameSite: Lax by default)' : ' with SameSite'}`);
  },
};

export interface Tag {
  name: string;
  attrs: Map<string, string>;
}

/** Opening tags of the given names with their attributes: a tolerant scan, not a full HTML parser. */
export function findTags(html: string, names: readonly string[]): Tag[] {
  const tags: Tag[] = [];
  const re = new RegExp(`<(${names.join('|')})\\b([^>]*)>`, 'gi');
  for (const m of html.matchAll(re)) {
    const attrs = new Map<string, string>();
    for (const a of (m[2] ?? '').matchAll(/([^\s"'=<>/]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?/g)) {
      attrs.set((a[1] ?? '').toLowerCase(), (a[2] ?? '').replace(/^["']|["']$/g, ''));
    }
    tags.push({ name: (m[1] ?? '').toLowerCase(), attrs });
  }
  return tags;
}

function resolveUrl(ref: string, base: string): URL | undefined {
  try {
    return new URL(ref, base);
  } catch {
    return undefined;
  }
}

function isHtml(page: Page): boolean {
  return /html/i.test(header(page, 'content-type') ?? '') || /<html|<!doctype html/i.test(page.body.slice(0, 1024));
}

const sriRule = scanRule({
  id: 'CGS013',
  name: 'subresource-integrity',
  title: 'External scripts without Subresource Integrity',
  description: 'A script loaded from another origin without an `integrity` hash runs whatever that origin (or whoever compromises it) serves.',
  severity: 'medium',
  category: 'supply-chain',
  cwe: ['CWE-353', 'CWE-829'],
  references: [`${MDN}/Web/Security/Subresource_Integrity`],
  remediation: 'Add integrity="sha384-…" and crossorigin="anonymous" to scripts loaded from other origins, or host them yourself.',
  equivalents: ['observatory:subresource-integrity'],
  messages: { default: '{{count}} script(s) from other origins load without an integrity hash: {{urls}}.' },
});

export const sriCheck: Check = {
  id: sriRule.name,
  area: 'http',
  title: 'Subresource Integrity on external scripts',
  rule: sriRule,
  run: (e) =>
    withHome(e, (page) => {
      if (!isHtml(page)) return outcome('not-applicable', 'the home page is not HTML');
      const origin = new URL(page.url).origin;
      const external = findTags(page.body, ['script'])
        .filter((t) => t.attrs.has('src'))
        .map((t) => ({ url: resolveUrl(t.attrs.get('src') ?? '', page.url), integrity: t.attrs.get('integrity') }))
        .filter((s) => s.url !== undefined && s.url.origin !== origin);
      if (external.length === 0) return outcome('not-applicable', 'no scripts from other origins');
      const missing = external.filter((s) => !s.integrity).map((s) => s.url?.href ?? '');
      if (missing.length === 0) return outcome('pass', `${external.length} external script(s), all with integrity`);
      const urls = clip(missing.join(', '), 200);
      return outcome('warn', urls, { data: { count: missing.length, urls } });
    }),
};

/** Subresources that run code or change the page if tampered with; mixed ones are blocked or dangerous. */
const ACTIVE = new Set(['script', 'iframe', 'object', 'embed', 'link']);

const mixedRule = scanRule({
  id: 'CGS014',
  name: 'mixed-content',
  title: 'HTTPS page loads resources over HTTP',
  description: 'Subresources fetched over plain HTTP on an HTTPS page can be read and replaced on the way; active ones (scripts, frames, styles) hand the page to a network attacker.',
  severity: 'medium',
  category: 'security',
  cwe: ['CWE-319'],
  references: [`${MDN}/Web/Security/Mixed_content`],
  remediation: 'Load every subresource over https:// (or protocol-relative from the page origin).',
  equivalents: [],
  messages: { default: 'The HTTPS page loads {{count}} resource(s) over HTTP: {{urls}}.' },
});

export const mixedContentCheck: Check = {
  id: mixedRule.name,
  area: 'http',
  title: 'Mixed content',
  rule: mixedRule,
  run: (e) =>
    withHome(e, (page) => {
      if (!page.url.startsWith('https://') || !isHtml(page)) return outcome('not-applicable', 'no HTML page over HTTPS');
      const refs = findTags(page.body, ['script', 'iframe', 'object', 'embed', 'link', 'img', 'audio', 'video', 'source'])
        .filter((t) => t.name !== 'link' || /stylesheet|preload|modulepreload|icon/i.test(t.attrs.get('rel') ?? ''))
        .map((t) => ({ active: ACTIVE.has(t.name), ref: t.attrs.get('src') ?? t.attrs.get('href') ?? t.attrs.get('data') ?? '' }))
        .filter((r) => /^http:\/\//i.test(r.ref));
      if (refs.length === 0) return outcome('pass', 'no http:// subresources');
      const urls = clip(refs.map((r) => r.ref).join(', '), 200);
      const data = { count: refs.length, urls };
      return refs.some((r) => r.active) ? outcome('fail', `active: ${urls}`, { data }) : outcome('warn', `passive: ${urls}`, { data, severity: 'low' });
    }),
};
