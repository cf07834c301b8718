// CGC007: `userns_mode: host`.
import { get, text } from '../../analyzers/yaml/yaml-tree.ts';
import { specUrl } from './support.ts';
import type { ComposeRule } from './support.ts';

export const rule: ComposeRule = {
  meta: {
    id: 'CGC007',
    name: 'host-user-namespace',
    target: 'compose',
    title: 'Service disables user-namespace remapping',
    description:
      'With `userns_mode: host` the container opts out of the daemon\'s user-namespace remapping, so root in the ' +
      'container is root on the host again.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: opting out of user-namespace remapping makes root in the container root on the host (a host namespace).',
      'KICS rates it medium.',
    ],
    category: 'security',
    cwe: ['CWE-668'],
    references: [specUrl('services#userns_mode')],
    remediation: 'Remove `userns_mode: host` so the daemon\'s user-namespace remapping applies.',
    equivalents: ['kics:8af7162d-6c98-482f-868e-0d33fb675ca8'],
    messages: { default: 'Service "{{service}}" shares the host\'s user namespace (userns_mode: host).' },
    examples: {
      bad: ['services:\n  app:\n    image: example/app:1.4\n    userns_mode: host\n'],
      good: ['services:\n  app:\n    image: example/app:1.4\n'],
    },
  },
  check(doc, report) {
    for (const s of doc.services) {
      const value = get(s.node, 'userns_mode');
      if (text(value)?.toLowerCase() === 'host') report({ range: value!.range, data: { service: s.name } });
    }
  },
};
