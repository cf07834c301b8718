// CGC006: `ipc: host`.
import { get, text } from '../../analyzers/yaml/yaml-tree.ts';
import { specUrl } from './support.ts';
import type { ComposeRule } from './support.ts';

export const rule: ComposeRule = {
  meta: {
    id: 'CGC006',
    name: 'host-ipc-namespace',
    target: 'compose',
    title: 'Service shares the host IPC namespace',
    description:
      'With `ipc: host` the container shares System V IPC objects and POSIX shared memory with the host, so it can ' +
      'read or corrupt memory that host processes share.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: a host namespace: host shared memory is readable and writable from the container.',
      'KICS rates it medium.',
    ],
    category: 'security',
    cwe: ['CWE-668'],
    references: [specUrl('services#ipc')],
    remediation: 'Remove `ipc: host`; to share memory between two services use `ipc: shareable` on one and `ipc: service:<name>` on the other.',
    equivalents: ['kics:baa3890f-bed7-46f5-ab8f-1da8fc91c729'],
    messages: { default: 'Service "{{service}}" shares the host\'s IPC namespace (ipc: host).' },
    examples: {
      bad: ['services:\n  app:\n    image: example/app:1.4\n    ipc: host\n'],
      good: ['services:\n  app:\n    image: example/app:1.4\n'],
    },
  },
  check(doc, report) {
    for (const s of doc.services) {
      const value = get(s.node, 'ipc');
      if (text(value)?.toLowerCase() === 'host') report({ range: value!.range, data: { service: s.name } });
    }
  },
};
