import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './superfluous-action.ts';

const wf = (uses: string) => `on: push\npermissions: {}\njobs:\n  b:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: ${uses}\n`;

testRule(workflowAnalyzer, rule, {
  valid: [wf('actions/checkout@v4'), wf('dtolnay/rust-toolchain-other@v1')],
  invalid: [
    { code: wf('dtolnay/rust-toolchain@stable'), errors: [{ line: 7, column: 15, endLine: 7, endColumn: 44, message: 'dtolnay/rust-toolchain wraps what "rustup" on the runner does' }] },
    { code: wf('EndBug/add-and-commit@v9'), errors: [{ line: 7, column: 15, message: 'git add' }], name: 'names without case' },
  ],
});
