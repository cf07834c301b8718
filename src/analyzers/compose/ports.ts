// `ports` entries. Short syntax: `[HOST_IP:][HOST_PORT[-END]:]CONTAINER_PORT[-END][/PROTOCOL]`, where an IPv6
// host address may be bracketed (`[::1]:8080:80`); a bare number is a container port published on an ephemeral
// host port. Long syntax: `{target, published, host_ip, protocol, mode}`.
import { isInterpolated, splitOutsideInterpolation } from './interpolation.ts';
import type { Part } from './interpolation.ts';
import type { Port, PortRange } from './model.ts';
import { get, subRange, text } from '../yaml/yaml-tree.ts';
import type { Positions, YNode } from '../yaml/yaml-tree.ts';

function portRange(s: string | undefined): PortRange | undefined {
  const m = s === undefined ? null : /^(\d{1,5})(?:-(\d{1,5}))?$/.exec(s);
  if (!m) return undefined;
  const start = Number(m[1]);
  return { start, end: m[2] === undefined ? start : Number(m[2]) };
}

interface ShortPort extends Omit<Port, 'syntax' | 'range' | 'hostIpRange' | 'publishedRange'> {
  hostIpAt?: [number, number];
  publishedAt?: [number, number];
}

export function parseShortPort(s: string): ShortPort {
  const slashes = splitOutsideInterpolation(s, '/');
  const protocol = slashes.length > 1 ? slashes[slashes.length - 1]!.text.toLowerCase() : 'tcp';
  const spec = slashes.length > 1 ? s.slice(0, slashes[slashes.length - 1]!.at - 1) : s;
  const port: ShortPort = { protocol, interpolated: isInterpolated(s) };
  let parts: Part[];
  const bracket = /^\[([^\]]*)\]:/.exec(spec);
  if (bracket) {
    port.hostIp = bracket[1]!;
    port.hostIpAt = [1, 1 + bracket[1]!.length];
    parts = splitOutsideInterpolation(spec.slice(bracket[0].length), ':').map((p) => ({ text: p.text, at: p.at + bracket[0].length }));
  } else {
    parts = splitOutsideInterpolation(spec, ':');
    if (parts.length > 2) {
      // IPv4 or unbracketed IPv6 (`::1:8080:80`): the address is everything before the last two parts.
      const last2 = parts.slice(-2);
      const ipEnd = last2[0]!.at - 1;
      port.hostIp = spec.slice(0, ipEnd);
      port.hostIpAt = [0, ipEnd];
      parts = last2;
    }
  }
  const target = portRange(parts[parts.length - 1]?.text);
  if (target) port.target = target;
  if (parts.length >= 2) {
    const published = parts[0]!;
    const range = portRange(published.text);
    if (range) port.published = range;
    if (published.text !== '') port.publishedAt = [published.at, published.at + published.text.length];
  }
  return port;
}

export function parsePort(node: YNode, pos: Positions): Port {
  if (node.kind === 'scalar') {
    const s = text(node) ?? '';
    const { hostIpAt, publishedAt, ...port } = parseShortPort(s);
    const out: Port = { ...port, syntax: 'short', range: node.range };
    if (hostIpAt) out.hostIpRange = subRange(node, pos, hostIpAt[0], hostIpAt[1]);
    if (publishedAt) out.publishedRange = subRange(node, pos, publishedAt[0], publishedAt[1]);
    return out;
  }
  const out: Port = { syntax: 'long', range: node.range, protocol: (text(get(node, 'protocol')) ?? 'tcp').toLowerCase(), interpolated: false };
  const target = text(get(node, 'target'));
  const published = text(get(node, 'published'));
  const hostIp = text(get(node, 'host_ip'));
  for (const part of [target, published, hostIp]) if (part !== undefined && isInterpolated(part)) out.interpolated = true;
  const t = portRange(target);
  if (t) out.target = t;
  // `published: 127.0.0.1:8080` (or the address alone): an address written into `published` says where the port was
  // meant to listen.
  const withIp = published === undefined || hostIp !== undefined ? null : /^(\[[^\]]*\]|\d+\.\d+\.\d+\.\d+)(?::(\d[\d-]*))?$/.exec(published);
  const p = portRange(withIp ? withIp[2] : published);
  if (p) out.published = p;
  if (published !== undefined) out.publishedRange = get(node, 'published')!.range;
  if (withIp) {
    out.hostIp = withIp[1]!.replace(/^\[|\]$/g, '');
    out.hostIpRange = out.publishedRange!;
  }
  if (hostIp !== undefined) {
    out.hostIp = hostIp;
    out.hostIpRange = get(node, 'host_ip')!.range;
  }
  return out;
}

/** Whether the port is reachable on every host interface (no address, or a wildcard one). */
export function onAllInterfaces(port: Port): boolean {
  if (port.hostIp === undefined) return true;
  return ['0.0.0.0', '::', '[::]', ''].includes(port.hostIp);
}
