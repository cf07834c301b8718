import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './compromised-action.ts';

testRule(workflowAnalyzer, rule, {
  valid: [
    "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: tj-actions/changed-files@v46.0.1\n",
    "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: tj-actions/changed-files@v46\n",
    "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: tj-actions/changed-files@v46.0\n",
    "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: tj-actions/changed-files@ed68ef82c095e0d48ec87eccea555d944a631a4c\n",
    "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: reviewdog/action-setup@v1\n",
    "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: tj-actions/changed-files@main\n",
  ],
  invalid: [
    { code: "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: tj-actions/changed-files@v45.0.7\n", errors: [{ line: 7, column: 39, endLine: 7, endColumn: 47, message: "GHSA-mrrh-fwg8-r2c3" }] },
    { code: "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: tj-actions/changed-files@0e58ed8671d6b60d0890c21b07f8835ace038e67\n", errors: [{ line: 7, column: 39, endLine: 7, endColumn: 80, message: "this commit served malicious code" }], name: "the malicious commit" },
    { code: "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: reviewdog/action-setup@f0d342d24037bb11d26b9bd8496e0808ba32e9ec\n", errors: [{ line: 7, column: 37, endLine: 7, endColumn: 78, message: "GHSA-qmg3-hpqr-gqvc" }], name: "reviewdog commit" },
    { code: "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: TJ-Actions/Changed-Files@v35\n", errors: [{ line: 7, column: 39, endLine: 7, endColumn: 43 }], name: "names are case-insensitive" },
    { code: "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: tj-actions/changed-files@v46.0.0\n", errors: [{ line: 7, column: 39, endLine: 7, endColumn: 47 }], name: "just below the fix" },
  ],
});
