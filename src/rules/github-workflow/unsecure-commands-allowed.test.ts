import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './unsecure-commands-allowed.ts';

testRule(workflowAnalyzer, rule, {
  valid: [
    "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    env:\n      ACTIONS_ALLOW_UNSECURE_COMMANDS: false\n    steps:\n      - run: make\n",
    "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n",
  ],
  invalid: [
    { code: "on: push\npermissions: {}\nenv:\n  ACTIONS_ALLOW_UNSECURE_COMMANDS: true\njobs: {}\n", errors: [{ line: 4, column: 3, endLine: 4, endColumn: 40, message: "re-enables" }] },
    { code: "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n        env:\n          ACTIONS_ALLOW_UNSECURE_COMMANDS: '1'\n", errors: [{ line: 9, column: 11, endLine: 9, endColumn: 47 }], name: "on a step, as \"1\"" },
    { code: "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    env:\n      ACTIONS_ALLOW_UNSECURE_COMMANDS: true\n      CI: 1\n    steps:\n      - run: make\n", errors: [{ line: 7, column: 7, endLine: 7, endColumn: 44, message: 're-enables' }], name: 'beside another variable (its removal is an unsafe fix)' },
  ],
});
