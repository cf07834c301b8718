import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './unsound-contains.ts';

const wf = (cond: string) => `on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n        if: ${cond}\n`;

testRule(workflowAnalyzer, rule, {
  valid: [
    wf(`contains(fromJSON('["refs/heads/main", "refs/heads/dev"]'), github.ref)`),
    wf(`contains(github.event.pull_request.labels.*.name, 'deploy')`),
    wf(`contains(github.ref, 'release')`),
    wf(`github.ref == 'refs/heads/main'`),
  ],
  invalid: [
    { code: wf(`contains('refs/heads/main refs/heads/dev', github.ref)`), errors: [{ line: 8, column: 13, endLine: 8, endColumn: 67, message: 'contains() tests whether "github.ref" is a substring of a string literal' }] },
    { code: wf(`\${{ success() && contains('main,dev', github.head_ref) }}`), errors: [{ line: 8, column: 30, endLine: 8, endColumn: 67, message: '"github.head_ref"' }], name: 'inside ${{ }}, among other terms' },
    {
      code: `on: push\npermissions: {}\njobs:\n  j:\n    if: CONTAINS('main dev', github.ref_name)\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n`,
      errors: [{ line: 5, column: 9, endLine: 5, endColumn: 46 }],
      name: 'a job condition, any case',
    },
  ],
});
