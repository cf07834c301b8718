import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './permissions-write-all.ts';

testRule(workflowAnalyzer, rule, {
  valid: [
    "on: push\npermissions: read-all\njobs: {}\n",
    "on: push\npermissions:\n  contents: write\njobs: {}\n",
  ],
  invalid: [
    { code: "on: push\npermissions: write-all\njobs: {}\n", errors: [{ line: 2, column: 14, endLine: 2, endColumn: 23, message: "write-all", severity: 'medium' }] },
    { code: "on: pull_request_target\npermissions: write-all\njobs: {}\n", errors: [{ line: 2, column: 14, endLine: 2, endColumn: 23, message: "handles a fork", severity: 'high' }], name: "on a fork trigger" },
    { code: "on: push\npermissions: {}\njobs:\n  release:\n    permissions: write-all\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n", errors: [{ line: 5, column: 18, endLine: 5, endColumn: 27, severity: 'medium' }], name: "on a job" },
    { code: "on: push\npermissions: Write-All\njobs: {}\n", errors: [{ line: 2, column: 14, endLine: 2, endColumn: 23, severity: 'medium' }], name: "in the wrong case (as meant)" },
  ],
});
