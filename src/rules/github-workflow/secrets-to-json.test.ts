import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './secrets-to-json.ts';

testRule(workflowAnalyzer, rule, {
  valid: [
    "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo ${{ toJSON(github.event) }}\n",
    "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo ${{ secrets.A }}\n",
  ],
  invalid: [
    { code: "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: ./deploy\n        env:\n          ALL: ${{ toJSON(secrets) }}\n", errors: [{ line: 9, column: 20, endLine: 9, endColumn: 35, message: "every secret" }] },
    { code: "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo '${{ tojson(SECRETS) }}' | jq .\n", errors: [{ line: 7, column: 24, endLine: 7, endColumn: 39 }], name: "any case" },
  ],
});
