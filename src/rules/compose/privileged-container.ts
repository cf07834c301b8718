// CGC003: `privileged: true`.
import { get } from '../../analyzers/yaml/yaml-tree.ts';
import { isTrue, specUrl } from './support.ts';
import type { ComposeRule } from './support.ts';

export const rule: ComposeRule = {
  meta: {
    id: 'CGC003',
    name: 'privileged-container',
    target: 'compose',
    title: 'Service runs privileged',
    description:
      'A privileged container gets every capability, all host devices and no seccomp or AppArmor confinement: ' +
      'root in the container is effectively root on the host, and escaping is trivial.',
    severity: 'critical',
    severityContext: [
      '`privileged` is root on the host in all but name, whatever the file\'s role (the policy names it).',
      'KICS rates it high; we use critical, our level for a direct path to the host.',
    ],
    category: 'security',
    cwe: ['CWE-250'],
    references: [specUrl('services#privileged'), 'https://docs.docker.com/engine/containers/run/#runtime-privilege-and-linux-capabilities'],
    remediation: 'Remove `privileged: true`; grant only the specific capabilities (`cap_add`) or devices (`devices`) the service needs.',
    equivalents: ['kics:ae5b6871-7f45-42e0-bb4c-ab300c4d2026'],
    messages: { default: 'Service "{{service}}" runs privileged: it has full access to the host.' },
    examples: {
      bad: ['services:\n  agent:\n    image: example/agent:2.1\n    privileged: true\n'],
      good: ['services:\n  agent:\n    image: example/agent:2.1\n    cap_add: [NET_BIND_SERVICE]\n'],
    },
  },
  check(doc, report) {
    for (const s of doc.services) {
      const value = get(s.node, 'privileged');
      if (isTrue(value)) report({ range: value!.range, data: { service: s.name } });
    }
  },
};
