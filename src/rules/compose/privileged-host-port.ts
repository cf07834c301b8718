// CGC022: a published host port below 1024.
import { specUrl, usesHostNetwork } from './support.ts';
import type { ComposeRule } from './support.ts';

export const rule: ComposeRule = {
  meta: {
    id: 'CGC022',
    name: 'privileged-host-port',
    target: 'compose',
    title: 'Service publishes a privileged host port',
    description:
      'Ports below 1024 are reserved for system services. Publishing one from a container claims a port ' +
      'the host may need (SSH, DNS, mail) and usually means the service runs with more privilege than needed.',
    severity: 'low',
    severityContext: [
      'A proxy\'s or mail server\'s job is to listen on 80, 443 or 25: hygiene unless the service has no reason to.',
      'KICS rates it medium.',
    ],
    category: 'security',
    cwe: ['CWE-269'],
    references: [specUrl('services#ports')],
    remediation: 'Publish a port of 1024 or above and let a reverse proxy or load balancer own 80/443.',
    equivalents: ['kics:bc2908f3-f73c-40a9-8793-c1b7d5544f79'],
    messages: { default: 'Service "{{service}}" publishes privileged host port {{port}}.' },
    examples: {
      bad: ['services:\n  web:\n    image: example/web:1.0\n    ports:\n      - "127.0.0.1:80:8080"\n'],
      good: ['services:\n  web:\n    image: example/web:1.0\n    ports:\n      - "127.0.0.1:8080:8080"\n'],
    },
  },
  check(doc, report) {
    for (const s of doc.services) {
      if (usesHostNetwork(s)) continue;
      for (const p of s.ports) {
        if (p.published && p.publishedRange && p.published.start < 1024) {
          report({ range: p.publishedRange, data: { service: s.name, port: p.published.start } });
        }
      }
    }
  },
};
