// CGC020: a port published on every host interface.
import { isSensitivePort } from './sensitive-port-exposed.ts';
import { openPorts, specUrl } from './support.ts';
import type { ComposeRule } from './support.ts';
import { bindToLoopback } from './support.ts';

export const rule: ComposeRule = {
  meta: {
    id: 'CGC020',
    name: 'port-on-all-interfaces',
    target: 'compose',
    title: 'Port published on all host interfaces',
    description:
      'A port without a host address is published on `0.0.0.0` (and `::`): reachable from every network the ' +
      'host is on, and Docker\'s iptables rules bypass host firewalls such as ufw. Services meant for the ' +
      'local machine or a reverse proxy should bind to `127.0.0.1`. A wildcard address written out (`0.0.0.0:8080:80`) ' +
      'is a decision made in the file and is not reported (databases and admin ports still are, by CGC021).',
    severity: 'low',
    severityContext: [
      'Publishing ports is most services\' job (a reverse proxy\'s 80/443, a web app): the policy counts it as hygiene; binding to `127.0.0.1` is the hardening step.',
      'Databases, caches, brokers and admin APIs published on all interfaces are CGC021, high.',
      'KICS rates it medium and dclint major.',
    ],
    category: 'security',
    cwe: ['CWE-668'],
    references: [specUrl('services#ports'), 'https://docs.docker.com/engine/network/packet-filtering-firewalls/'],
    remediation: 'Prefix the mapping with the address to listen on, e.g. `"127.0.0.1:8080:80"`, or set `host_ip` in the long syntax.',
    equivalents: ['kics:451d79dc-0588-476a-ad03-3c7f0320abb3', 'dclint:no-unbound-port-interfaces'],
    messages: { default: 'Service "{{service}}" publishes port {{port}} on all host interfaces.' },
    examples: {
      bad: ['services:\n  web:\n    image: example/web:1.0\n    ports:\n      - "8080:80"\n'],
      good: ['services:\n  web:\n    image: example/web:1.0\n    ports:\n      - "127.0.0.1:8080:80"\n'],
    },
  },
  check(doc, report) {
    for (const { service, port, range } of openPorts(doc)) {
      if (isSensitivePort(port)) continue; // CGC021 reports these, more severely
      // `0.0.0.0:8080:80` or `host_ip: "::"` writes the choice down: the rule is about the default nobody chose.
      if (port.hostIp !== undefined) continue;
      report({ range, data: { service: service.name, port: port.published?.start ?? port.target!.start }, fix: bindToLoopback(doc.pos.text, port) });
    }
  },
};
