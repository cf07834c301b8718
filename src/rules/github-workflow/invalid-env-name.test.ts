import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './invalid-env-name.ts';

testRule(workflowAnalyzer, rule, {
  valid: [
    'on: push\npermissions: {}\nenv:\n  A_B: 1\n  lower-dash: x\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n',
    'on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    env: ${{ fromJSON(inputs.env) }}\n    steps:\n      - run: make\n',
  ],
  invalid: [
    { code: 'on: push\npermissions: {}\nenv:\n  NODE OPTIONS: x\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n', errors: [{ line: 4, column: 3, endLine: 4, endColumn: 15, message: 'Environment variable name "NODE OPTIONS" is invalid: it contains whitespace' }] },
    {
      code: 'on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    env:\n      "A=B": x\n    steps:\n      - run: make\n        env:\n          X&Y: 1\n',
      errors: [{ line: 7, column: 7, endLine: 7, endColumn: 12, message: 'contains "="' }, { line: 11, column: 11, endLine: 11, endColumn: 14, message: 'contains "&"' }],
      name: 'job and step env',
    },
  ],
});
