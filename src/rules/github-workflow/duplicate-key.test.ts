import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './duplicate-key.ts';

testRule(workflowAnalyzer, rule, {
  valid: [
    "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n",
  ],
  invalid: [
    { code: "on: push\npermissions: {}\njobs:\n  a:\n    runs-on: x\n    steps:\n      - run: a\n  a:\n    runs-on: x\n    steps:\n      - run: b\n", errors: [{ line: 8, column: 3, endLine: 8, endColumn: 4, message: "\"a\" is already defined at line 4" }] },
    { code: "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: a\n        env: {A: 1}\n        env: {B: 2}\n", errors: [{ line: 9, column: 9, endLine: 9, endColumn: 12 }], name: "step key" },
    { code: "on: push\npermissions: {}\njobs:\n  a:\n    runs-on: ubuntu-24.04\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n", errors: [{ line: 6, column: 5, endLine: 6, endColumn: 12, message: 'already defined at line 5' }], name: 'the same value again (fixable)' },
  ],
});
