import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './self-repository-syntax.ts';

testRule(workflowAnalyzer, rule, {
  valid: [
    "on: push\npermissions: {}\njobs:\n  b:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: $/x\n      - uses: actions/checkout@v4\n",
  ],
  invalid: [
    { code: "on: push\npermissions: {}\njobs:\n  b:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: ./x\n  c:\n    uses: ./.github/workflows/c.yml\n", errors: [{ line: 7, column: 15, endLine: 7, endColumn: 18, message: '$/x loads' }, { line: 9, column: 11, message: '$/.github/workflows/c.yml' }] },
  ],
});
