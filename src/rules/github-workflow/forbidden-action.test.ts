import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './forbidden-action.ts';

const wf = (...uses: string[]) => `on: push\npermissions: {}\njobs:\n  b:\n    runs-on: ubuntu-24.04\n    steps:\n${uses.map((u) => `      - uses: ${u}\n`).join('')}`;

testRule(workflowAnalyzer, rule, {
  valid: [
    wf('tj-actions/changed-files@v46'),
    { code: wf('actions/checkout@v4', 'github/codeql-action/init@v3', './local', 'docker://alpine:3'), options: { allow: ['actions/*', 'github/codeql-action'] } },
    { code: wf('tj-actions/other@v1'), options: { deny: ['tj-actions/changed-files'] } },
  ],
  invalid: [
    { code: wf('actions/checkout@v4', 'TJ-Actions/changed-files@v46'), options: { deny: ['tj-actions/*'] }, errors: [{ line: 8, column: 15, endLine: 8, endColumn: 43, message: 'tj-actions/changed-files is forbidden: the deny list names "tj-actions/*".' }] },
    { code: wf('actions/checkout@v4', 'someone/deploy@v1'), options: { allow: ['actions/*'] }, errors: [{ line: 8, column: 15, message: 'someone/deploy is not on the allow list.' }], name: 'an allow list' },
    { code: wf('github/codeql-action/init@v3', 'github/codeql-action/analyze@v3'), options: { deny: ['github/codeql-action/analyze'] }, errors: [{ line: 8, column: 15, message: 'github/codeql-action/analyze' }], name: 'a path in a repository' },
  ],
});
