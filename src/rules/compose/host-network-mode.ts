// CGC004: `network_mode: host`.
import { get, text } from '../../analyzers/yaml/yaml-tree.ts';
import { specUrl } from './support.ts';
import type { ComposeRule } from './support.ts';

export const rule: ComposeRule = {
  meta: {
    id: 'CGC004',
    name: 'host-network-mode',
    target: 'compose',
    title: 'Service uses the host network',
    description:
      'With `network_mode: host` the container shares the host\'s network stack: every port it opens is open on ' +
      'the host, it can reach services bound to the host\'s loopback, and network isolation between services is gone.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: the container joins a host namespace (the policy names host namespaces).',
      'KICS rates it medium.',
    ],
    category: 'security',
    cwe: ['CWE-668'],
    references: [specUrl('services#network_mode')],
    remediation: 'Use the default bridge network (or a user-defined network) and publish only the ports that must be reachable, bound to a specific address.',
    equivalents: ['kics:071a71ff-f868-47a4-ac0b-3c59e4ab5443'],
    messages: { default: 'Service "{{service}}" shares the host\'s network namespace (network_mode: host).' },
    examples: {
      bad: ['services:\n  app:\n    image: example/app:1.4\n    network_mode: host\n'],
      good: ['services:\n  app:\n    image: example/app:1.4\n'],
    },
  },
  check(doc, report) {
    for (const s of doc.services) {
      const value = get(s.node, 'network_mode');
      if (text(value)?.toLowerCase() === 'host') report({ range: value!.range, data: { service: s.name } });
    }
  },
};
