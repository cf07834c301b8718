// CGC032: legacy `links`.
import { getPair } from '../../analyzers/yaml/yaml-tree.ts';
import { specUrl } from './support.ts';
import type { ComposeRule } from './support.ts';

export const rule: ComposeRule = {
  meta: {
    id: 'CGC032',
    name: 'deprecated-links',
    target: 'compose',
    title: 'Legacy links',
    description:
      '`links` is a legacy feature: on Compose networks every service already reaches the others by name. ' +
      'Links add implicit startup dependencies and aliases that hide how services really find each other.',
    severity: 'info',
    severityContext: [
      'Legacy but working: on Compose networks services reach each other by name anyway.',
    ],
    category: 'maintainability',
    references: [specUrl('services#links'), 'https://docs.docker.com/engine/network/links/'],
    remediation: 'Remove `links`; use the service name as host name, `depends_on` for start order and network `aliases` for extra names.',
    equivalents: [],
    tags: ['hygiene'],
    messages: { default: 'Service "{{service}}" uses legacy links; services reach each other by name on a shared network.' },
    examples: {
      bad: ['services:\n  web:\n    image: example/web:1.0\n    links: [db]\n  db:\n    image: postgres:16\n'],
      good: ['services:\n  web:\n    image: example/web:1.0\n    depends_on: [db]\n  db:\n    image: postgres:16\n'],
    },
  },
  check(doc, report) {
    for (const s of doc.services) {
      const links = getPair(s.node, 'links');
      if (links) report({ range: links.keyNode.range, data: { service: s.name } });
    }
  },
};
