import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './github-action-pinned-by-tag.ts';

testRule(workflowAnalyzer, rule, {
  valid: [
    "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683\n",
    "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: example/a@v4\n",
  ],
  invalid: [
    { code: "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/checkout@v4\n", errors: [{ line: 7, column: 31, endLine: 7, endColumn: 34, message: "pinned by the tag \"v4\"" }] },
    { code: "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: github/codeql-action/init@v3\n", errors: [{ line: 7, column: 40, endLine: 7, endColumn: 43 }], name: "github/* with a path" },
    { code: "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: Actions/Cache@v4.1.2\n", errors: [{ line: 7, column: 28, endLine: 7, endColumn: 35 }], name: "owner case does not matter" },
  ],
});
