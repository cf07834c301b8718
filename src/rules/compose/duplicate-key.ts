// CGC002: a key written twice in one mapping.
import type { ComposeRule } from './support.ts';
import { sameDuplicateFix } from '../yaml-fix.ts';

export const rule: ComposeRule = {
  meta: {
    id: 'CGC002',
    name: 'duplicate-key',
    target: 'compose',
    title: 'Key defined twice in the same mapping',
    description:
      'YAML requires keys to be unique. Docker Compose rejects the file ("mapping key already defined"), and ' +
      'tools that accept it silently keep one of the values, so what runs is not what the reader sees.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: Compose refuses duplicate keys.',
    ],
    category: 'correctness',
    references: ['https://yaml.org/spec/1.2.2/#mapping'],
    remediation: 'Keep one definition of the key and merge the values into it.',
    equivalents: [],
    messages: { default: 'Key "{{key}}" is already defined on line {{line}}.' },
    examples: {
      bad: ['services:\n  web:\n    image: nginx:1.27\n    image: nginx:1.26\n'],
      good: ['services:\n  web:\n    image: nginx:1.27\n'],
    },
  },
  check(doc, report) {
    for (const d of doc.duplicates) report({ range: d.range, data: { key: d.key, line: d.first.start_line }, fix: sameDuplicateFix(doc.pos.text, d) });
  },
};
