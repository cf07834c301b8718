// /.well-known/security.txt (RFC 9116): how researchers reach the site's owners. Contact and Expires are
// required; Expires must be in the future and, as recommended, less than a year away.
import type { Page } from '../evidence.ts';
import type { Check } from './check.ts';
import { header, outcome, scanRule, withPage } from './check.ts';

const YEAR_MS = 366 * 86_400_000;

export interface SecurityTxt {
  fields: Map<string, string[]>;
  signed: boolean;
}

export function parseSecurityTxt(text: string): SecurityTxt {
  const fields = new Map<string, string[]>();
  for (const raw of text.split(/\r?\n/)) {
    const m = /^([A-Za-z-]+):\s*(.+)$/.exec(raw.trim());
    if (!m) continue;
    const key = (m[1] ?? '').toLowerCase();
    fields.set(key, [...(fields.get(key) ?? []), (m[2] ?? '').trim()]);
  }
  return { fields, signed: text.includes('-----BEGIN PGP SIGNED MESSAGE-----') };
}

function looksLikeSecurityTxt(page: Page): boolean {
  return page.status === 200 && /text\/plain/i.test(header(page, 'content-type') ?? '') && !/<html|<body/i.test(page.body.slice(0, 512));
}

const rule = scanRule({
  id: 'CGS015',
  name: 'security-txt',
  title: 'No valid security.txt',
  description: 'A security.txt file tells people who find a vulnerability how to report it; an expired or incomplete one sends reports nowhere.',
  severity: 'low',
  category: 'best-practice',
  references: ['https://www.rfc-editor.org/rfc/rfc9116', 'https://securitytxt.org/'],
  remediation: 'Publish /.well-known/security.txt as text/plain with Contact: and an Expires: date less than a year ahead; renew it before it expires.',
  equivalents: [],
  messages: { default: 'No security.txt at /.well-known/security.txt.', invalid: 'security.txt is not valid: {{problems}}.' },
  examples: { bad: ['Contact: mailto:security@example.com'], good: ['Contact: mailto:security@example.com\nExpires: 2027-01-01T00:00:00Z'] },
});

export const securityTxtCheck: Check = {
  id: rule.name,
  area: 'http',
  title: 'security.txt',
  rule,
  run: (e) =>
    withPage(e.securityTxt, (page) => {
      const url = page.url;
      if (!looksLikeSecurityTxt(page)) return outcome('warn', `status ${page.status}, ${header(page, 'content-type') ?? 'no content type'}`, { url });
      const { fields, signed } = parseSecurityTxt(page.body);
      const problems: string[] = [];
      if ((fields.get('contact') ?? []).length === 0) problems.push('no Contact');
      const expires = fields.get('expires') ?? [];
      if (expires.length !== 1) problems.push(expires.length === 0 ? 'no Expires' : 'more than one Expires');
      const when = Date.parse(expires[0] ?? '');
      if (expires.length === 1 && Number.isNaN(when)) problems.push('Expires is not a date');
      else if (when < e.at) problems.push(`expired on ${expires[0]}`);
      else if (when - e.at > YEAR_MS) problems.push('Expires is more than a year ahead');
      const summary = `Contact ×${(fields.get('contact') ?? []).length}, Expires ${expires[0] ?? '-'}, ${signed ? 'signed' : 'unsigned'}`;
      if (problems.length > 0) return outcome('warn', `${summary} — ${problems.join('; ')}`, { messageId: 'invalid', data: { problems: problems.join('; ') }, url });
      return outcome('pass', summary);
    }, '/.well-known/security.txt'),
};
