// Checks over the domain's DNS: address records, CAA, mail authentication (SPF, DMARC, MTA-STS, TLS-RPT); DNSSEC is
// in dnssec.ts.
import type { Probe } from '../evidence.ts';
import type { Check, Outcome } from './check.ts';
import { clip, header, outcome, scanRule } from './check.ts';

function dnsUrl(name: string, type: string): string {
  return `dns:${name}?type=${type}`;
}

function withRecords<T>(p: Probe<T>, what: string, judge: (value: T) => Outcome): Outcome {
  return p.ok ? judge(p.value) : outcome('error', `${what} lookup failed: ${p.error}`);
}

const addressRule = scanRule({
  id: 'CGS022',
  name: 'dns-address-records',
  title: 'Domain has no address records',
  description: 'Without A or AAAA records the domain cannot be reached at all.',
  severity: 'high',
  category: 'reliability',
  references: ['https://www.rfc-editor.org/rfc/rfc1035'],
  remediation: 'Publish A (and ideally AAAA) records for the domain.',
  equivalents: [],
  messages: { default: '{{domain}} has no A or AAAA records.' },
});

export const addressCheck: Check = {
  id: addressRule.name,
  area: 'dns',
  title: 'A/AAAA records',
  rule: addressRule,
  run: (e) => {
    const { a, aaaa } = e.dns;
    if (!a.ok && !aaaa.ok) return outcome('error', `lookups failed: ${a.error}`);
    const v4 = a.ok ? a.value : [];
    const v6 = aaaa.ok ? aaaa.value : [];
    const evidence = `A: ${v4.length}, AAAA: ${v6.length}`;
    if (v4.length + v6.length === 0) return outcome('fail', evidence, { data: { domain: e.domain }, url: dnsUrl(e.domain, 'A') });
    return outcome('pass', `${evidence}${v6.length === 0 ? ' (no IPv6)' : ''}`);
  },
};

const caaRule = scanRule({
  id: 'CGS023',
  name: 'dns-caa',
  title: 'No CAA records',
  description: 'CAA records name the CAs allowed to issue certificates for the domain, so a mis-issuance elsewhere is refused.',
  severity: 'low',
  category: 'best-practice',
  references: ['https://www.rfc-editor.org/rfc/rfc8659'],
  remediation: 'Publish CAA records such as `0 issue "letsencrypt.org"` for the CAs you use.',
  equivalents: [],
  messages: { default: 'No CAA record restricts which CAs may issue certificates for {{domain}}.' },
});

export const caaCheck: Check = {
  id: caaRule.name,
  area: 'dns',
  title: 'CAA records',
  rule: caaRule,
  run: (e) =>
    withRecords(e.dns.caa, 'CAA', (records) => {
      const issuers = records.filter((r) => r.tag === 'issue' || r.tag === 'issuewild').map((r) => `${r.tag} "${r.value}"`);
      if (issuers.length === 0) return outcome('warn', 'no CAA issue records', { data: { domain: e.domain }, url: dnsUrl(e.domain, 'CAA') });
      return outcome('pass', clip(issuers.join(', ')));
    }),
};

/** Informative only: MX decides whether the mail checks below matter for MTA-STS. */
export const mxCheck: Check = {
  id: 'dns-mx',
  area: 'email',
  title: 'MX records',
  run: (e) =>
    withRecords(e.dns.mx, 'MX', (mx) =>
      mx.length === 0 ? outcome('not-applicable', 'no MX records: the domain receives no mail') : outcome('pass', clip(mx.map((m) => `${m.priority} ${m.exchange}`).join(', ')))),
};

const spfRule = scanRule({
  id: 'CGS024',
  name: 'email-spf',
  title: 'SPF missing or permissive',
  description: 'SPF lists the servers allowed to send mail for the domain; without it, or with `+all`/`?all`, anyone can send as the domain. Domains that send no mail should publish `v=spf1 -all`.',
  severity: 'medium',
  category: 'security',
  cwe: ['CWE-290'],
  references: ['https://www.rfc-editor.org/rfc/rfc7208'],
  remediation: 'Publish one TXT record `v=spf1 <your senders> -all` (or `~all`); `v=spf1 -all` if the domain sends no mail.',
  equivalents: [],
  messages: { default: 'No SPF record for {{domain}}.', permissive: 'The SPF record ends in {{all}}: any server may send as {{domain}}.', multiple: 'More than one SPF record: receivers treat this as an error.', open: 'The SPF record has no `all` mechanism, so unlisted senders are neutral.' },
  examples: { bad: ['v=spf1 include:_spf.example.net +all'], good: ['v=spf1 include:_spf.example.net -all'] },
});

export const spfCheck: Check = {
  id: spfRule.name,
  area: 'email',
  title: 'SPF',
  rule: spfRule,
  run: (e) =>
    withRecords(e.dns.txt, 'TXT', (txt) => {
      const url = dnsUrl(e.domain, 'TXT');
      const spf = txt.filter((t) => /^v=spf1(\s|$)/i.test(t));
      const [record] = spf;
      if (record === undefined) return outcome('warn', 'no v=spf1 TXT record', { data: { domain: e.domain }, url });
      if (spf.length > 1) return outcome('fail', `${spf.length} SPF records`, { messageId: 'multiple', url });
      const all = record.split(/\s+/).find((t) => /^[+?~-]?all$/i.test(t));
      if (all === undefined || /^[+?]?all$/i.test(all)) {
        if (all === undefined) return /redirect=/i.test(record) ? outcome('pass', clip(record)) : outcome('warn', clip(record), { messageId: 'open', url, severity: 'low' });
        return outcome('fail', clip(record), { messageId: 'permissive', data: { all, domain: e.domain }, url });
      }
      return outcome('pass', clip(record));
    }),
};

const dmarcRule = scanRule({
  id: 'CGS025',
  name: 'email-dmarc',
  title: 'DMARC missing or not enforcing',
  description: 'DMARC tells receivers to reject mail that fails SPF/DKIM alignment; without it, or with `p=none`, spoofed mail from the domain is delivered.',
  severity: 'medium',
  category: 'security',
  cwe: ['CWE-290'],
  references: ['https://www.rfc-editor.org/rfc/rfc7489'],
  remediation: 'Publish `_dmarc` TXT `v=DMARC1; p=quarantine` or `p=reject` (start with p=none and rua reports only while rolling out).',
  equivalents: [],
  messages: { default: 'No DMARC record at _dmarc.{{domain}}.', monitor: 'DMARC policy is p=none: failing mail is still delivered.' },
  examples: { bad: ['v=DMARC1; p=none'], good: ['v=DMARC1; p=reject; rua=mailto:dmarc@example.com'] },
});

export const dmarcCheck: Check = {
  id: dmarcRule.name,
  area: 'email',
  title: 'DMARC',
  rule: dmarcRule,
  run: (e) =>
    withRecords(e.dns.dmarc, 'DMARC', (txt) => {
      const url = dnsUrl(`_dmarc.${e.domain}`, 'TXT');
      const record = txt.find((t) => /^v=DMARC1\s*(;|$)/i.test(t));
      if (record === undefined) return outcome('fail', 'no v=DMARC1 record', { data: { domain: e.domain }, url });
      const policy = /(?:^|;)\s*p\s*=\s*(\w+)/i.exec(record)?.[1]?.toLowerCase();
      if (policy === 'quarantine' || policy === 'reject') return outcome('pass', clip(record));
      return outcome('warn', clip(record), { messageId: 'monitor', url, severity: 'low' });
    }),
};

/** Parses an MTA-STS policy file (RFC 8461 §3.2). */
export function parseMtaStsPolicy(text: string): { version?: string; mode?: string; mx: string[]; maxAge?: number } {
  const policy: { version?: string; mode?: string; mx: string[]; maxAge?: number } = { mx: [] };
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*([a-z_]+)\s*:\s*(.*?)\s*$/i.exec(line);
    if (!m) continue;
    const value = m[2] ?? '';
    switch ((m[1] ?? '').toLowerCase()) {
      case 'version': policy.version = value; break;
      case 'mode': policy.mode = value.toLowerCase(); break;
      case 'mx': policy.mx.push(value.toLowerCase()); break;
      case 'max_age': policy.maxAge = Number(value); break;
    }
  }
  return policy;
}

function mxMatches(pattern: string, host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  if (pattern.startsWith('*.')) return h.endsWith(pattern.slice(1)) && !h.slice(0, -(pattern.length - 1)).includes('.');
  return h === pattern;
}

const mtaStsRule = scanRule({
  id: 'CGS026',
  name: 'email-mta-sts',
  title: 'MTA-STS missing or not enforced',
  description: 'MTA-STS makes sending servers require TLS with a valid certificate when delivering to the domain, defeating STARTTLS stripping.',
  severity: 'low',
  category: 'security',
  cwe: ['CWE-319'],
  references: ['https://www.rfc-editor.org/rfc/rfc8461'],
  remediation: 'Publish `_mta-sts` TXT `v=STSv1; id=<n>` and https://mta-sts.<domain>/.well-known/mta-sts.txt with mode: enforce and your MX hosts.',
  equivalents: [],
  messages: { default: 'No MTA-STS policy for {{domain}}.', broken: 'The MTA-STS policy is unusable: {{problem}}.', testing: 'The MTA-STS policy is in mode {{mode}}, not enforce.' },
});

export const mtaStsCheck: Check = {
  id: mtaStsRule.name,
  area: 'email',
  title: 'MTA-STS',
  rule: mtaStsRule,
  run: (e) => {
    const { mx, mtaStsTxt, mtaStsPolicy } = e.dns;
    if (mx.ok && mx.value.length === 0) return outcome('not-applicable', 'no MX records');
    return withRecords(mtaStsTxt, '_mta-sts TXT', (txt) => {
      const records = txt.filter((t) => /^v=STSv1/i.test(t));
      const record = records[0];
      if (record === undefined) return outcome('warn', 'no _mta-sts TXT record', { data: { domain: e.domain }, url: dnsUrl(`_mta-sts.${e.domain}`, 'TXT'), severity: 'info' });
      const policyUrl = `https://mta-sts.${e.domain}/.well-known/mta-sts.txt`;
      const broken = (problem: string, url = policyUrl) => outcome('fail', `${clip(record, 60)}; ${problem}`, { messageId: 'broken', data: { problem }, url });
      // RFC 8461 §3.1: more than one record, or an id that is not 1–32 alphanumerics, means no policy at all.
      const txtUrl = dnsUrl(`_mta-sts.${e.domain}`, 'TXT');
      if (records.length > 1) return broken(`${records.length} v=STSv1 records (senders then use none)`, txtUrl);
      if (!/(?:^|;)\s*id\s*=\s*[A-Za-z0-9]{1,32}\s*(;|$)/.test(record)) return broken('the TXT record has no valid id (1–32 letters or digits)', txtUrl);
      if (!mtaStsPolicy || !mtaStsPolicy.ok) return broken(`policy not fetched: ${mtaStsPolicy?.ok === false ? mtaStsPolicy.error : 'not attempted'}`);
      const page = mtaStsPolicy.value;
      // §3.3: senders do not follow redirects when fetching the policy.
      if (page.chain.length > 1) return broken(`the policy URL redirects (${page.chain[0]?.status} to ${clip(page.chain[1]?.url ?? '', 60)}); senders do not follow redirects`);
      if (page.status !== 200 || !/text\/plain/i.test(header(page, 'content-type') ?? '')) return broken(`policy answered ${page.status} ${header(page, 'content-type') ?? ''}`.trim());
      const policy = parseMtaStsPolicy(page.body);
      if (policy.version !== 'STSv1' || !['enforce', 'testing', 'none'].includes(policy.mode ?? '') || (policy.mode !== 'none' && policy.mx.length === 0) || !(Number(policy.maxAge) > 0)) {
        return broken('policy lacks version, mode, mx or max_age');
      }
      if (Number(policy.maxAge) > 31_557_600) return broken(`max_age ${policy.maxAge} is over the RFC's limit of 31557600 seconds`);
      const hosts = mx.ok ? mx.value.map((m) => m.exchange) : [];
      const uncovered = hosts.filter((h) => !policy.mx.some((p) => mxMatches(p, h)));
      if (uncovered.length > 0) return broken(`MX ${uncovered.join(', ')} not covered by the policy`);
      const evidence = `mode ${policy.mode}, mx ${policy.mx.join(' ')}, max_age ${policy.maxAge}`;
      if (policy.mode !== 'enforce') return outcome('warn', evidence, { messageId: 'testing', data: { mode: policy.mode ?? '' }, url: policyUrl });
      return outcome('pass', evidence);
    });
  },
};

/** Reads a TLS-RPT record (RFC 8460 §3): `v=TLSRPTv1; rua=mailto:a@b,https://c/d`. */
export function parseTlsRpt(record: string): { ok: true; rua: string[] } | { ok: false; problem: string } {
  const fields = new Map(record.split(';').map((f) => f.trim()).filter((f) => f !== '').map((f) => {
    const i = f.indexOf('=');
    return [f.slice(0, i).trim().toLowerCase(), f.slice(i + 1).trim()] as const;
  }));
  if (fields.get('v') !== 'TLSRPTv1') return { ok: false, problem: 'does not start with v=TLSRPTv1' };
  const rua = (fields.get('rua') ?? '').split(',').map((u) => u.trim()).filter((u) => u !== '');
  if (rua.length === 0) return { ok: false, problem: 'no rua= reporting address' };
  const bad = rua.filter((u) => !/^mailto:[^@\s]+@[^@\s]+$/i.test(u) && !/^https:\/\/\S+$/i.test(u));
  if (bad.length > 0) return { ok: false, problem: `rua ${clip(bad.join(', '), 60)} is neither mailto: nor https:` };
  return { ok: true, rua };
}

const tlsRptRule = scanRule({
  id: 'CGS036',
  name: 'email-tls-rpt',
  title: 'No SMTP TLS reporting (TLS-RPT)',
  description: 'TLS-RPT asks sending servers to report failed TLS deliveries to the domain, so an MTA-STS or DANE problem (or an attack on STARTTLS) is noticed instead of silently bouncing or downgrading mail.',
  severity: 'low',
  category: 'best-practice',
  references: ['https://www.rfc-editor.org/rfc/rfc8460'],
  remediation: 'Publish `_smtp._tls.<domain>` TXT `v=TLSRPTv1; rua=mailto:tls-reports@<domain>`.',
  equivalents: ['internet.nl:tls-rpt'],
  messages: { default: 'No TLS-RPT record at _smtp._tls.{{domain}}.', invalid: 'The TLS-RPT record is invalid: {{problem}}.' },
});

export const tlsRptCheck: Check = {
  id: tlsRptRule.name,
  area: 'email',
  title: 'SMTP TLS reporting (TLS-RPT)',
  rule: tlsRptRule,
  run: (e) => {
    const { mx, tlsRpt } = e.dns;
    if (mx.ok && mx.value.length === 0) return outcome('not-applicable', 'no MX records');
    if (tlsRpt === undefined) return outcome('error', 'TLS-RPT was not looked up');
    const url = dnsUrl(`_smtp._tls.${e.domain}`, 'TXT');
    return withRecords(tlsRpt, '_smtp._tls TXT', (txt) => {
      const records = txt.filter((t) => /^v=TLSRPTv1/i.test(t));
      if (records.length === 0) return outcome('warn', 'no v=TLSRPTv1 record', { data: { domain: e.domain }, url, severity: 'info' });
      if (records.length > 1) return outcome('fail', `${records.length} v=TLSRPTv1 records`, { messageId: 'invalid', data: { problem: `${records.length} records (senders then use none)` }, url });
      const parsed = parseTlsRpt(records[0] ?? '');
      if (!parsed.ok) return outcome('fail', clip(records[0] ?? ''), { messageId: 'invalid', data: { problem: parsed.problem }, url });
      return outcome('pass', `reports to ${clip(parsed.rua.join(', '))}`);
    });
  },
};
