// CGC005: `pid: host`.
import { get, text } from '../../analyzers/yaml/yaml-tree.ts';
import { specUrl } from './support.ts';
import type { ComposeRule } from './support.ts';

export const rule: ComposeRule = {
  meta: {
    id: 'CGC005',
    name: 'host-pid-namespace',
    target: 'compose',
    title: 'Service shares the host PID namespace',
    description:
      'With `pid: host` the container sees every process on the host and, with enough privileges, can signal or ' +
      'trace them and read their environment and memory.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: the container sees and may signal or trace every host process (a host namespace).',
      'KICS rates it medium.',
    ],
    category: 'security',
    cwe: ['CWE-668'],
    references: [specUrl('services#pid')],
    remediation: 'Remove `pid: host`; give process-monitoring tools a narrower source of data.',
    equivalents: ['kics:4f31dd9f-2cc3-4751-9b53-67e4af83dac0'],
    messages: { default: 'Service "{{service}}" shares the host\'s PID namespace (pid: host).' },
    examples: {
      bad: ['services:\n  app:\n    image: example/app:1.4\n    pid: host\n'],
      good: ['services:\n  app:\n    image: example/app:1.4\n'],
    },
  },
  check(doc, report) {
    for (const s of doc.services) {
      const value = get(s.node, 'pid');
      if (text(value)?.toLowerCase() === 'host') report({ range: value!.range, data: { service: s.name } });
    }
  },
};
