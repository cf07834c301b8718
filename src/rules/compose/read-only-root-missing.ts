// CGC030: the container's root filesystem is writable.
import { effective } from '../../analyzers/compose/services.ts';
import { text } from '../../analyzers/yaml/yaml-tree.ts';
import { lacks, specUrl } from './support.ts';
import type { ComposeRule } from './support.ts';
import { appendToMap, yamlFix } from '../yaml-fix.ts';

export const rule: ComposeRule = {
  meta: {
    id: 'CGC030',
    name: 'read-only-root-missing',
    target: 'compose',
    title: 'Root filesystem is writable',
    description:
      'With a writable root filesystem an attacker who gets code execution can drop tools, alter binaries or ' +
      'plant persistence in the container. `read_only: true`, with `tmpfs` or volumes for the few paths that ' +
      'must be written, removes that option.',
    severity: 'low',
    severityContext: [
      'Hardening (the policy names a writable root filesystem).',
    ],
    category: 'security',
    cwe: ['CWE-732'],
    references: [specUrl('services#read_only')],
    remediation: 'Set `read_only: true` and mount `tmpfs` (e.g. `/tmp`) or volumes where the service writes.',
    equivalents: [],
    tags: ['hardening'],
    messages: {
      default: 'Service "{{service}}" does not set read_only: true.',
      disabled: 'Service "{{service}}" sets read_only: false.',
    },
    examples: {
      bad: ['services:\n  api:\n    image: example/api:1.0\n', 'services:\n  api:\n    image: example/api:1.0\n    read_only: false\n'],
      good: ['services:\n  api:\n    image: example/api:1.0\n    read_only: true\n    tmpfs: [/tmp]\n'],
    },
  },
  check(doc, report) {
    for (const s of doc.services) {
      const pair = effective(s, 'read_only');
      if (!pair) {
        const add = appendToMap(doc.pos.text, s.node, ['read_only: true']);
        if (lacks(s, 'read_only')) report({ range: s.keyRange, data: { service: s.name }, fix: add ? yamlFix(doc.pos.text, 'Make the root filesystem read-only (the service may need tmpfs or volumes for what it writes).', [add], 'unsafe') : undefined });
      } else if (text(pair.value)?.toLowerCase() === 'false') {
        report({ range: pair.value.range, messageId: 'disabled', data: { service: s.name } });
      }
    }
  },
};
