// CGC038: two mappings claim the same host address, port and protocol.
import type { Port, Service } from '../../analyzers/compose/model.ts';
import { onAllInterfaces } from '../../analyzers/compose/ports.ts';
import { specUrl, usesHostNetwork } from './support.ts';
import type { ComposeRule } from './support.ts';
import { deleteSeqItem, yamlFix } from '../yaml-fix.ts';
import { get } from '../../analyzers/yaml/yaml-tree.ts';
import type { Fix } from '../../core/fix.ts';

/** The same mapping written twice in one service's ports: the repeat goes (it can only fail to bind again). */
function repeatedPortFix(text: string, service: Service, first: Port, port: Port): Fix | undefined {
  const ports = get(service.node, 'ports');
  if (ports?.kind !== 'seq') return undefined;
  const at = (p: Port) => ports.items.find((item) => item.range.start_line === p.range.start_line && item.range.start_column === p.range.start_column);
  const a = at(first);
  const b = at(port);
  if (!a || !b || a.kind !== 'scalar' || b.kind !== 'scalar' || text.slice(a.start, a.end) !== text.slice(b.start, b.end)) return undefined;
  const del = deleteSeqItem(text, ports, b);
  return del ? yamlFix(text, 'Remove the repeated port mapping.', [del]) : undefined;
}

interface Claim {
  service: Service;
  port: Port & { published: NonNullable<Port['published']> };
}

/** Two bindings collide when their ports overlap on the same protocol and an address they both listen on. */
function collide(a: Claim['port'], b: Claim['port']): boolean {
  if (a.protocol !== b.protocol) return false;
  if (a.published.start > b.published.end || b.published.start > a.published.end) return false;
  return onAllInterfaces(a) || onAllInterfaces(b) || a.hostIp === b.hostIp;
}

/** Services in disjoint profiles are alternatives (dev vs. prod) that normally do not run together. */
function alternatives(a: Service, b: Service): boolean {
  return a.profiles.length > 0 && b.profiles.length > 0 && !a.profiles.some((p) => b.profiles.includes(p));
}

export const rule: ComposeRule = {
  meta: {
    id: 'CGC038',
    name: 'duplicate-host-port',
    target: 'compose',
    title: 'Host port published twice',
    description:
      'Only one container can bind a given host address, port and protocol. The second service to start fails ' +
      'with "port is already allocated", and which one wins depends on start order.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: the second service fails to start ("port is already allocated").',
      'dclint rates it critical.',
    ],
    category: 'correctness',
    references: [specUrl('services#ports')],
    remediation: 'Publish one of them on another host port or address, or stop publishing it and reach it over the Compose network.',
    equivalents: ['dclint:no-duplicate-exported-ports'],
    messages: { default: 'Host port {{port}}/{{protocol}} of service "{{service}}" is already published by service "{{other}}" (line {{line}}).' },
    examples: {
      bad: ['services:\n  a:\n    image: example/a:1.0\n    ports: ["127.0.0.1:8080:80"]\n  b:\n    image: example/b:1.0\n    ports: ["127.0.0.1:8080:8080"]\n'],
      good: ['services:\n  a:\n    image: example/a:1.0\n    ports: ["127.0.0.1:8080:80"]\n  b:\n    image: example/b:1.0\n    ports: ["127.0.0.1:8081:8080", "127.0.0.1:8080:8080/udp"]\n'],
    },
  },
  check(doc, report) {
    const claims: Claim[] = [];
    for (const service of doc.services) {
      if (usesHostNetwork(service)) continue;
      for (const port of service.ports) {
        if (!port.published || port.interpolated) continue;
        const claim: Claim = { service, port: { ...port, published: port.published } };
        const first = claims.find((c) => collide(c.port, claim.port) && !alternatives(c.service, service));
        if (first) {
          report({
            range: port.publishedRange ?? port.range,
            data: { port: port.published.start, protocol: port.protocol, service: service.name, other: first.service.name, line: first.port.range.start_line },
            fix: first.service === service ? repeatedPortFix(doc.pos.text, service, first.port, port) : undefined,
          });
        }
        claims.push(claim);
      }
    }
  },
};
