import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './malformed-uses.ts';

const wf = (uses: string) => `on: push\npermissions: {}\njobs:\n  b:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: ${uses}\n`;

testRule(workflowAnalyzer, rule, {
  valid: [wf('actions/checkout@v4'), wf('./x'), wf('$/.github/actions/x'), wf('docker://alpine:3'), wf('o/r/path/to@main'), wf('${{ matrix.action }}'), wf('o/r')],
  invalid: [
    { code: wf('checkout@v4'), errors: [{ line: 7, column: 15, endLine: 7, endColumn: 26, message: '"checkout@v4" is no action reference' }] },
    { code: wf('./actions/x@v1'), errors: [{ line: 7, column: 15, message: 'takes no @ref' }], name: 'a local path with a ref' },
    { code: wf('docker://'), errors: [{ line: 7, column: 15, message: 'names no image' }], name: 'an empty image' },
    { code: "on: push\npermissions: {}\njobs:\n  call:\n    uses: 'o/r/.github/workflows/x.yml@v 1'\n", errors: [{ line: 5, column: 11 }], name: 'a reusable workflow with a space in its ref' },
  ],
});
