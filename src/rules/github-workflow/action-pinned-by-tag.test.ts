import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './action-pinned-by-tag.ts';

testRule(workflowAnalyzer, rule, {
  valid: [
    "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/setup-node@v4\n",
    "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: example/a@8f4b7f84864484a7bf31766abe9204da3cbe65b3 # v1\n",
    "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: example/a@main\n",
  ],
  invalid: [
    { code: "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: example/deploy@v2\n", errors: [{ line: 7, column: 29, endLine: 7, endColumn: 32, message: "pinned by the tag \"v2\"" }] },
    { code: "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: example/deploy/sub/dir@v2.1.0\n", errors: [{ line: 7, column: 37, endLine: 7, endColumn: 44 }], name: "action in a subdirectory" },
    { code: "on: push\npermissions: {}\njobs:\n  call:\n    uses: example/workflows/.github/workflows/ci.yml@v1\n", errors: [{ line: 5, column: 53, endLine: 5, endColumn: 56, message: "reusable workflow" }], name: "reusable workflow" },
  ],
});
