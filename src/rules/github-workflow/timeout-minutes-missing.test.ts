import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './timeout-minutes-missing.ts';

testRule(workflowAnalyzer, rule, {
  valid: [
    "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    timeout-minutes: 10\n    steps:\n      - run: make\n",
    "on: push\npermissions: {}\njobs:\n  call:\n    uses: ./.github/workflows/x.yml\n",
  ],
  invalid: [
    { code: "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n", errors: [{ line: 4, column: 3, endLine: 4, endColumn: 8, message: "Job \"build\"" }] },
  ],
});
