// Content-Security-Policy: parsed into directives, then judged the way CSP evaluators do — does the policy
// actually stop injected script (no unsafe-inline without nonces/hashes, no eval, no wildcard sources), and
// does it lock down plugins (object-src) and <base> (base-uri)?
import type { Check } from './check.ts';
import { clip, header, outcome, scanRule, withHome } from './check.ts';

export type Csp = Map<string, string[]>;

/** Parses one policy; the first occurrence of a directive wins, as browsers do. */
export function parseCsp(value: string): Csp {
  const policy: Csp = new Map();
  for (const part of value.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (!name) continue;
    const key = name.toLowerCase();
    if (!policy.has(key)) policy.set(key, sources.map((s) => (s.startsWith("'") ? s.toLowerCase() : s)));
  }
  return policy;
}

const WILDCARDS = new Set(['*', 'http:', 'https:', 'data:', 'blob:']);

/** Problems that let injected script run, and weaker hardening gaps, in a policy. */
export function judgeCsp(policy: Csp): { unsafe: string[]; weak: string[] } {
  const unsafe: string[] = [];
  const weak: string[] = [];
  const script = policy.get('script-src') ?? policy.get('default-src');
  if (!script) {
    unsafe.push('no script-src or default-src');
  } else {
    const hasNonceOrHash = script.some((s) => /^'(nonce|sha256|sha384|sha512)-/.test(s));
    const strictDynamic = script.includes("'strict-dynamic'");
    if (script.includes("'unsafe-inline'") && !hasNonceOrHash) unsafe.push("'unsafe-inline' without nonces or hashes");
    if (script.includes("'unsafe-eval'")) unsafe.push("'unsafe-eval'");
    // With 'strict-dynamic', host and scheme sources are ignored by browsers that support it.
    const wild = script.filter((s) => WILDCARDS.has(s));
    if (wild.length > 0 && !strictDynamic) unsafe.push(`wildcard script sources ${wild.join(' ')}`);
  }
  const object = policy.get('object-src') ?? policy.get('default-src');
  if (!object || !(object.length === 1 && object[0] === "'none'")) weak.push("object-src is not 'none'");
  if (!policy.has('base-uri')) weak.push('no base-uri');
  return { unsafe, weak };
}

const rule = scanRule({
  id: 'CGS004',
  name: 'content-security-policy',
  title: 'Content-Security-Policy missing or weak',
  description: 'A Content-Security-Policy limits which scripts a page may run; without one, or with `unsafe-inline`, `unsafe-eval` or wildcard script sources, an injection becomes script execution.',
  severity: 'medium',
  category: 'security',
  cwe: ['CWE-1021', 'CWE-79'],
  references: ['https://developer.mozilla.org/docs/Web/HTTP/Guides/CSP', 'https://www.w3.org/TR/CSP3/'],
  remediation: "Send a Content-Security-Policy with nonce- or hash-based script-src (optionally 'strict-dynamic'), object-src 'none' and base-uri 'none' or 'self'.",
  equivalents: ['observatory:content-security-policy'],
  messages: {
    default: 'The page sends no Content-Security-Policy header.',
    unsafe: 'The Content-Security-Policy does not stop injected script: {{problems}}.',
    weak: 'The Content-Security-Policy could be stricter: {{problems}}.',
  },
  examples: { bad: ["Content-Security-Policy: script-src 'self' 'unsafe-inline'"], good: ["Content-Security-Policy: script-src 'nonce-r4nd0m' 'strict-dynamic'; object-src 'none'; base-uri 'none'"] },
});

export const cspCheck: Check = {
  id: rule.name,
  area: 'http',
  title: 'Content-Security-Policy',
  rule,
  run: (e) =>
    withHome(e, (page) => {
      const value = header(page, 'content-security-policy');
      if (value === undefined) {
        const reportOnly = header(page, 'content-security-policy-report-only') !== undefined ? ' (only a report-only policy)' : '';
        return outcome('fail', `no Content-Security-Policy header${reportOnly}`);
      }
      const { unsafe, weak } = judgeCsp(parseCsp(value));
      if (unsafe.length > 0) return outcome('fail', `${clip(value)} — ${unsafe.join('; ')}`, { messageId: 'unsafe', data: { problems: unsafe.join('; ') } });
      if (weak.length > 0) return outcome('warn', `${clip(value)} — ${weak.join('; ')}`, { messageId: 'weak', data: { problems: weak.join('; ') }, severity: 'low' });
      return outcome('pass', clip(value));
    }),
};
