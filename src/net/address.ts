// Which IP addresses the scanner and webhook deliveries may connect to. Only public unicast addresses pass, plus
// whatever the caller explicitly allows (`allowedCidrs`, a test-only setting). Pure: no I/O.
import ipaddr from 'ipaddr.js';

export type AddressVerdict = { ok: true; address: string } | { ok: false; reason: string };

export type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** Cloud metadata endpoints stay refused even inside an allowed range: reaching one is never a scan. */
const METADATA = ['169.254.169.254', 'fd00:ec2::254', '100.100.100.200', 'fd20:ce::254'];

/** Parses `a.b.c.d/n` or `x::/n` entries; throws on a malformed entry (a configuration error, found at startup). */
export function parseCidrs(list: readonly string[]): Cidr[] {
  return list
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map((s) => {
      const cidr = s.includes('/') ? s : `${s}/${ipaddr.parse(s).kind() === 'ipv4' ? 32 : 128}`;
      return ipaddr.parseCIDR(cidr);
    });
}

function inAny(addr: ipaddr.IPv4 | ipaddr.IPv6, cidrs: readonly Cidr[]): boolean {
  return cidrs.some(([range, bits]) => range.kind() === addr.kind() && addr.match(range, bits));
}

/** Whether an address literal lies inside one of the allowed ranges (IPv4-mapped IPv6 counts as its IPv4). */
export function isAllowedAddress(raw: string, allowed: readonly Cidr[]): boolean {
  const text = raw.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(text)) return false;
  return inAny(ipaddr.process(text), allowed);
}

/** The IPv4 address an IPv6 transition form carries, for the refusal message. */
function embeddedV4(v6: ipaddr.IPv6, range: string): string | undefined {
  const p = v6.parts;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  switch (range) {
    case 'ipv4Mapped':
    case 'rfc6145':
    case 'rfc6052':
      return v4(p[6] ?? 0, p[7] ?? 0);
    case '6to4':
      return v4(p[1] ?? 0, p[2] ?? 0);
    case 'teredo':
      // Teredo stores the client address inverted in the last 32 bits.
      return v4(~(p[6] ?? 0) & 0xffff, ~(p[7] ?? 0) & 0xffff);
    default:
      return undefined;
  }
}

/**
 * Judges one resolved address. IPv4-mapped IPv6 is judged as the IPv4 it maps. Other IPv6 transition forms
 * (NAT64, 6to4, Teredo, IPv4-compatible) are refused outright: they tunnel to an IPv4 address we cannot vet
 * reliably, and no public site needs them in its DNS.
 */
export function vetAddress(raw: string, allowed: readonly Cidr[] = []): AddressVerdict {
  const text = raw.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!ipaddr.isValid(text) || !/^[0-9a-fA-F:.]+$/.test(text)) return { ok: false, reason: `not an IP address: ${raw}` };
  let addr = ipaddr.parse(text);
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) addr = (addr as ipaddr.IPv6).toIPv4Address();
  const address = addr.toString();
  if (METADATA.some((m) => ipaddr.parse(m).toString() === address)) {
    return { ok: false, reason: `${address} is a cloud metadata address` };
  }
  if (inAny(addr, allowed)) return { ok: true, address };
  const range = addr.range();
  if (addr.kind() === 'ipv6') {
    const v6 = addr as ipaddr.IPv6;
    const inner = embeddedV4(v6, range);
    if (inner !== undefined) return { ok: false, reason: `${address} is an IPv6 transition address (${range}) embedding ${inner}` };
    // Only 2000::/3 is allocated global unicast; this also catches IPv4-compatible ::a.b.c.d.
    if (range !== 'unicast' || !v6.match(ipaddr.parseCIDR('2000::/3'))) {
      return { ok: false, reason: `${address} is not a public unicast address (${range === 'unicast' ? 'unallocated' : range})` };
    }
    return { ok: true, address };
  }
  if (range !== 'unicast') return { ok: false, reason: `${address} is not a public unicast address (${range})` };
  return { ok: true, address };
}
