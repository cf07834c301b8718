import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './typosquat-action.ts';

const wf = (steps: string) => `on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n${steps}`;

testRule(workflowAnalyzer, rule, {
  valid: [
    wf('      - uses: actions/checkout@v4\n      - uses: Actions/Setup-Node@v4\n      - uses: github/codeql-action/init@v3\n'),
    wf('      - uses: actions/setup-go@v5\n      - uses: actions/upload-artifact@v4\n      - uses: actions/download-artifact@v4\n'),
    wf('      - uses: acme/checkout@v1\n      - uses: ./.github/actions/checkout\n'),
  ],
  invalid: [
    { code: wf('      - uses: actions/chekout@v4\n'), errors: [{ line: 7, column: 15, endLine: 7, endColumn: 33, message: 'Action "actions/chekout" is one typo from the popular action "actions/checkout"' }] },
    { code: wf('      - uses: action/checkout@v4\n      - uses: actoins/setup-node@v4\n'), errors: [{ line: 7, column: 15, endLine: 7, endColumn: 33, message: '"action/checkout"' }, { line: 8, column: 15, endLine: 8, endColumn: 36, message: '"actions/setup-node"' }], name: 'a missing letter, a swap' },
    { code: 'on: push\npermissions: {}\njobs:\n  j:\n    uses: dockerr/build-push-action/.github/workflows/x.yml@v1\n', errors: [{ line: 5, column: 11, endLine: 5, endColumn: 63 }], name: 'a reusable workflow' },
  ],
});
