import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './risky-trigger-without-permissions.ts';

testRule(workflowAnalyzer, rule, {
  valid: [
    "on: pull_request_target\npermissions: {}\njobs:\n  a:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo\n",
    "on: pull_request_target\njobs:\n  a:\n    permissions:\n      contents: read\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo\n",
    "on: pull_request\njobs:\n  a:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo\n",
  ],
  invalid: [
    { code: "on: pull_request_target\njobs:\n  a:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo\n", errors: [{ line: 3, column: 3, endLine: 3, endColumn: 4, message: "job \"a\"" }] },
    { code: "on: [push, workflow_run]\njobs:\n  a:\n    permissions: {}\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo\n  b:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo\n", errors: [{ line: 8, column: 3, endLine: 8, endColumn: 4, message: "workflow_run" }], name: "only the job without permissions" },
  ],
});
