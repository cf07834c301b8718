// CGC041: `ports` on a service that uses the host network.
import { getPair } from '../../analyzers/yaml/yaml-tree.ts';
import { specUrl, usesHostNetwork } from './support.ts';
import type { ComposeRule } from './support.ts';
import { deletePair, yamlFix } from '../yaml-fix.ts';

export const rule: ComposeRule = {
  meta: {
    id: 'CGC041',
    name: 'host-network-with-ports',
    target: 'compose',
    title: 'Port mappings on a host-network service are ignored',
    description:
      'With `network_mode: host` the container binds directly on the host, so `ports` has no effect: the ' +
      'service is reachable on whatever ports it listens on, on every interface, regardless of the mappings written.',
    severity: 'medium',
    severityContext: [
      'The mappings written are ignored and the service listens on every interface: a real risk, should fix.',
    ],
    category: 'correctness',
    references: [specUrl('services#network_mode'), 'https://docs.docker.com/engine/network/drivers/host/'],
    remediation: 'Remove `ports` (and configure the listening address in the application), or leave the host network and keep the mappings.',
    equivalents: [],
    messages: { default: 'Service "{{service}}" uses the host network, so its ports mappings are ignored.' },
    examples: {
      bad: ['services:\n  app:\n    image: example/app:1.0\n    network_mode: host\n    ports:\n      - "127.0.0.1:8080:8080"\n'],
      good: ['services:\n  app:\n    image: example/app:1.0\n    ports:\n      - "127.0.0.1:8080:8080"\n'],
    },
  },
  check(doc, report) {
    for (const s of doc.services) {
      const ports = getPair(s.node, 'ports');
      if (!ports || !usesHostNetwork(s)) continue;
      // The ports are ignored on the host network: removing them changes nothing.
      const del = deletePair(doc.pos.text, s.node, ports);
      report({ range: ports.keyNode.range, data: { service: s.name }, fix: del ? yamlFix(doc.pos.text, 'Remove the ignored ports.', [del]) : undefined });
    }
  },
};
