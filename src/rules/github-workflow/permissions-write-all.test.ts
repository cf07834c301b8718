import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './permissions-write-all.ts';

testRule(workflowAnalyzer, rule, {
  valid: [
    "on: push\npermissions: read-all\njobs: {}\n",
    "on: push\npermissions:\n  contents: write\njobs: {}\n",
  ],
  invalid: [
    { code: "on: push\npermissions: write-all\njobs: {}\n", errors: [{ line: 2, column: 14, endLine: 2, endColumn: 23, message: "write-all" }] },
    { code: "on: push\npermissions: {}\njobs:\n  release:\n    permissions: write-all\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n", errors: [{ line: 5, column: 18, endLine: 5, endColumn: 27 }], name: "on a job" },
  ],
});
