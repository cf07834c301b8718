// CGC046: two services with the same `container_name`.
import { get, str } from '../../analyzers/yaml/yaml-tree.ts';
import type { Str } from '../../analyzers/yaml/yaml-tree.ts';
import { specUrl } from './support.ts';
import type { ComposeRule } from './support.ts';

export const rule: ComposeRule = {
  meta: {
    id: 'CGC046',
    name: 'duplicate-container-name',
    target: 'compose',
    title: 'Container name used by two services',
    description:
      'Container names are unique per host: the second service with the same `container_name` cannot be ' +
      'created ("Conflict. The container name is already in use").',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: the second container cannot be created.',
      'dclint rates it critical.',
    ],
    category: 'correctness',
    references: [specUrl('services#container_name')],
    remediation: 'Give each service its own container name, or drop `container_name` and let Compose name containers.',
    equivalents: ['dclint:no-duplicate-container-names'],
    messages: { default: 'Container name "{{name}}" of service "{{service}}" is already used by service "{{other}}".' },
    examples: {
      bad: ['services:\n  a:\n    image: example/a:1.0\n    container_name: app\n  b:\n    image: example/b:1.0\n    container_name: app\n'],
      good: ['services:\n  a:\n    image: example/a:1.0\n    container_name: app-a\n  b:\n    image: example/b:1.0\n    container_name: app-b\n'],
    },
  },
  check(doc, report) {
    const seen = new Map<string, string>();
    for (const s of doc.services) {
      const name: Str | undefined = str(get(s.node, 'container_name'));
      if (!name) continue;
      const other = seen.get(name.value);
      if (other !== undefined) report({ range: name.range, data: { name: name.value, service: s.name, other } });
      else seen.set(name.value, s.name);
    }
  },
};
