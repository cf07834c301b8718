// Collects what the DNSSEC check validates: for the domain (its CNAME target, its first MX hosts), every name from the root down
// asked for DNSKEY, DS and SOA (the SOA tells a zone apex from a name inside a zone), plus the name's A records
// (and the domain's MX) — all with DO and CD, through the scan's own resolver, one UDP socket, in parallel. A name
// shared by several chains (the root, the TLD) is asked once. Nothing is judged here.
import { RR } from '../../net/dns-wire.ts';
import type { ResourceRecord } from '../../net/dns-wire.ts';
import type { DnsClient } from '../../net/dns-client.ts';
import { ancestors, MAX_MX_HOSTS, questionKey } from '../checks/dnssec.ts';
import type { DnsAnswer, DnsRecord, DnssecEvidence, Probe } from '../evidence.ts';

function record(r: ResourceRecord): DnsRecord {
  return { name: r.name.toLowerCase(), type: r.type, ttl: r.ttl, data: r.data.toString('base64') };
}

/** The target of the CNAME at `name` in an answer, if the name is an alias. */
function aliasTarget(answer: DnsAnswer, name: string): string | undefined {
  const r = answer.answers.find((x) => x.type === RR.CNAME && x.name === name);
  if (!r) return undefined;
  const data = Buffer.from(r.data, 'base64');
  const labels: string[] = [];
  for (let p = 0; p < data.length && (data[p] ?? 0) > 0; p += 1 + (data[p] ?? 0)) labels.push(data.toString('latin1', p + 1, p + 1 + (data[p] ?? 0)));
  const target = labels.join('.').toLowerCase();
  return target === '' || target === name ? undefined : target;
}

/** The MX hosts of an MX answer, lowest preference first. */
function mxHosts(answer: DnsAnswer, domain: string): string[] {
  const hosts: { pref: number; host: string }[] = [];
  for (const r of answer.answers) {
    if (r.type !== RR.MX || r.name !== domain) continue;
    const data = Buffer.from(r.data, 'base64');
    const labels: string[] = [];
    for (let p = 2; p < data.length && (data[p] ?? 0) > 0; p += 1 + (data[p] ?? 0)) labels.push(data.toString('latin1', p + 1, p + 1 + (data[p] ?? 0)));
    const host = labels.join('.').toLowerCase();
    if (host !== '') hosts.push({ pref: data.readUInt16BE(0), host });
  }
  return [...new Set(hosts.sort((a, b) => a.pref - b.pref).map((h) => h.host))];
}

export async function collectDnssec(client: DnsClient, domain: string, anchors: readonly string[]): Promise<DnssecEvidence> {
  const asked = new Map<string, Promise<Probe<DnsAnswer>>>();
  const ask = (name: string, type: number): Promise<Probe<DnsAnswer>> => {
    const key = questionKey(name, type);
    let p = asked.get(key);
    if (!p) {
      p = client.query(name === '' ? '.' : name, type).then(
        (m): Probe<DnsAnswer> => ({ ok: true, value: { rcode: m.flags & 0x000f, answers: m.answers.map(record), authorities: m.authorities.map(record) } }),
        (err: unknown): Probe<DnsAnswer> => ({ ok: false, error: err instanceof Error ? err.message : String(err) }),
      );
      asked.set(key, p);
    }
    return p;
  };
  const chain = (name: string, types: number[]) => Promise.all([
    ...ancestors(name).flatMap((level) => (level === '' ? [ask(level, RR.DNSKEY)] : [ask(level, RR.DNSKEY), ask(level, RR.DS), ask(level, RR.SOA)])),
    ...types.map((t) => ask(name, t)),
  ]);
  // The MX hosts' chains start as soon as the MX answer is in, and an alias target's (a CDN's name: its zone
  // signs the A records browsers get) as soon as the A answer is, alongside the rest of the domain's.
  const mxAnswer = ask(domain, RR.MX);
  const [, hosts, alias] = await Promise.all([
    chain(domain, [RR.A, RR.MX]),
    mxAnswer.then(async (mx) => {
      const found = mx.ok ? mxHosts(mx.value, domain).filter((h) => h !== domain).slice(0, MAX_MX_HOSTS) : [];
      await Promise.all(found.map((h) => chain(h, [RR.A])));
      return found;
    }),
    ask(domain, RR.A).then(async (a) => {
      const target = a.ok ? aliasTarget(a.value, domain) : undefined;
      if (target !== undefined) await chain(target, [RR.A]);
      return target;
    }),
  ]);
  const mx = await mxAnswer;
  const answers: Record<string, Probe<DnsAnswer>> = {};
  for (const [key, p] of asked) answers[key] = await p;
  const evidence: DnssecEvidence = { anchors: [...anchors], answers, names: [domain, ...hosts], mx: mx.ok && mxHosts(mx.value, domain).length > 0, queries: asked.size };
  if (alias !== undefined) evidence.alias = alias;
  return evidence;
}
