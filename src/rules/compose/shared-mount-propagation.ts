// CGC047: bind mounts with shared or slave propagation.
import { specUrl } from './support.ts';
import type { ComposeRule } from './support.ts';

const PROPAGATING = new Set(['shared', 'rshared', 'slave', 'rslave']);

export const rule: ComposeRule = {
  meta: {
    id: 'CGC047',
    name: 'shared-mount-propagation',
    target: 'compose',
    title: 'Bind mount propagates mounts between host and container',
    description:
      'With `shared` or `slave` propagation, mounts made on the host appear inside the container (and with ' +
      '`shared`, mounts made in the container appear on the host). That breaks the isolation of the mount ' +
      'namespace and is rarely needed outside storage drivers.',
    severity: 'medium',
    severityContext: [
      'Mount propagation breaks mount-namespace isolation; storage drivers need it, so it is a real risk in context, not a block.',
      'KICS rates it high.',
    ],
    category: 'security',
    cwe: ['CWE-668'],
    references: [specUrl('services#volumes'), 'https://docs.docker.com/engine/storage/bind-mounts/#configure-bind-propagation'],
    remediation: 'Drop the propagation option so the default `rprivate` applies, unless the service is a storage plugin that needs it.',
    equivalents: ['kics:baa452f0-1f21-4a25-ace5-844e7a5f410d'],
    messages: { default: 'Service "{{service}}" mounts with "{{propagation}}" propagation.' },
    examples: {
      bad: ['services:\n  csi:\n    image: example/csi:1.0\n    volumes:\n      - type: bind\n        source: /mnt/data\n        target: /data\n        bind:\n          propagation: rshared\n'],
      good: ['services:\n  app:\n    image: example/app:1.0\n    volumes:\n      - ./data:/data:ro\n'],
    },
  },
  check(doc, report) {
    for (const s of doc.services) {
      for (const m of s.volumes) {
        if (m.propagation && PROPAGATING.has(m.propagation.value)) {
          report({ range: m.propagation.range, data: { service: s.name, propagation: m.propagation.value } });
        }
      }
    }
  },
};
