// CGW015: a key written twice in one mapping (two jobs with one id, two `with:` of one step).
import type { GhaRule } from './support.ts';
import { WORKFLOW_SYNTAX } from './support.ts';
import { sameDuplicateFix } from '../yaml-fix.ts';

export const rule: GhaRule = {
  meta: {
    id: 'CGW015',
    name: 'duplicate-key',
    target: 'github-workflow',
    title: 'Key defined twice',
    description:
      'A mapping that names a key twice — two jobs with the same id, two `env:` of one step — is refused by GitHub ' +
      '("key is duplicated"): the workflow does not run.',
    severity: 'high',
    category: 'correctness',
    references: [WORKFLOW_SYNTAX, 'https://yaml.org/spec/1.2.2/#mapping'],
    remediation: 'Keep one of the two, or rename the second (a job id must be unique in `jobs`).',
    equivalents: ['actionlint:syntax-check'],
    messages: { default: '"{{key}}" is already defined at line {{line}}; GitHub refuses the workflow.' },
    examples: {
      bad: ['on: push\npermissions: {}\njobs:\n  test:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make test\n  test:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make lint\n'],
      good: ['on: push\npermissions: {}\njobs:\n  test:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make test\n  lint:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make lint\n'],
    },
  },
  check(doc, report) {
    for (const d of doc.duplicates) report({ range: d.range, data: { key: d.key, line: d.first.start_line }, fix: sameDuplicateFix(doc.pos.text, d) });
  },
};
