import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './secret-field-unmasked.ts';

testRule(workflowAnalyzer, rule, {
  valid: [
    "on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n        env:\n          A: ${{ secrets.A }}\n",
    "on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n        env:\n          A: ${{ fromJSON(steps.x.outputs.y).z }}\n",
  ],
  invalid: [
    { code: "on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n        env:\n          A: ${{ fromJSON(secrets.CFG).password }}\n", errors: [{ line: 9, column: 18, endLine: 9, endColumn: 48, message: "not masked" }] },
    { code: "on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo ${{ fromJson(secrets.CFG)['token'] }}\n", errors: [{ line: 7, column: 23, endLine: 7, endColumn: 53 }], name: "index access, any case" },
    { code: "on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n        env:\n          A: ${{ fromJSON(secrets.PASSWORD) }}\n          B: ${{ contains(fromJSON(secrets.LIST), 'x') }}\n", errors: [{ line: 9, column: 18, endLine: 9, endColumn: 44, message: 'The parsed JSON secret is not masked' }], name: 'the parsed secret whole (not inside another call)' },
  ],
});
