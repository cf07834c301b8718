// CGC039: a fixed `container_name` on a service that runs several replicas.
import { get, getPair, text } from '../../analyzers/yaml/yaml-tree.ts';
import { specUrl } from './support.ts';
import type { ComposeRule } from './support.ts';

export const rule: ComposeRule = {
  meta: {
    id: 'CGC039',
    name: 'container-name-with-replicas',
    target: 'compose',
    title: 'Fixed container name with several replicas',
    description:
      'Container names are unique per host. A service with `container_name` cannot run more than one ' +
      'container, so `deploy.replicas` (or `scale`) above 1 fails when the second replica starts.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: the second replica fails to start.',
    ],
    category: 'correctness',
    references: [specUrl('services#container_name'), specUrl('deploy#replicas')],
    remediation: 'Remove `container_name` (Compose then names replicas `<project>-<service>-<n>`), or run a single replica.',
    equivalents: [],
    messages: { default: 'Service "{{service}}" sets container_name but asks for {{replicas}} replicas.' },
    examples: {
      bad: ['services:\n  worker:\n    image: example/worker:1.0\n    container_name: worker\n    deploy:\n      replicas: 3\n'],
      good: ['services:\n  worker:\n    image: example/worker:1.0\n    deploy:\n      replicas: 3\n'],
    },
  },
  check(doc, report) {
    for (const s of doc.services) {
      const name = getPair(s.node, 'container_name');
      const replicas = Number(text(get(get(s.node, 'deploy'), 'replicas')) ?? text(get(s.node, 'scale')));
      if (name && replicas > 1) report({ range: name.keyNode.range, data: { service: s.name, replicas } });
    }
  },
};
