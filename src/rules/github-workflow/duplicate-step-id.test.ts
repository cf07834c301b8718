import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './duplicate-step-id.ts';

testRule(workflowAnalyzer, rule, {
  valid: [
    "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - id: a\n        run: a\n      - id: b\n        run: b\n",
    "on: push\npermissions: {}\njobs:\n  x:\n    runs-on: y\n    steps:\n      - id: a\n        run: a\n  z:\n    runs-on: y\n    steps:\n      - id: a\n        run: a\n",
  ],
  invalid: [
    { code: "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - id: a\n        run: a\n      - id: A\n        run: b\n", errors: [{ line: 9, column: 13, endLine: 9, endColumn: 14, message: "\"A\" is already used at line 7" }] },
  ],
});
