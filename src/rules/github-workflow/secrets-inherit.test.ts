import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './secrets-inherit.ts';

testRule(workflowAnalyzer, rule, {
  valid: [
    "on: push\npermissions: {}\njobs:\n  call:\n    uses: ./.github/workflows/x.yml\n",
    "on: push\npermissions: {}\njobs:\n  call:\n    uses: ./.github/workflows/x.yml\n    secrets:\n      A: ${{ secrets.A }}\n",
  ],
  invalid: [
    { code: "on: push\npermissions: {}\njobs:\n  call:\n    uses: ./.github/workflows/x.yml\n    secrets: inherit\n", errors: [{ line: 6, column: 14, endLine: 6, endColumn: 21, message: "passes every secret to \"./.github/workflows/x.yml\"", severity: 'low' }] },
    { code: "on: push\npermissions: {}\njobs:\n  call:\n    uses: other/repo/.github/workflows/x.yml@8f4b7f84864484a7bf31766abe9204da3cbe65b3\n    secrets: inherit\n", errors: [{ line: 6, column: 14, endLine: 6, endColumn: 21, severity: 'medium' }], name: "another repository" },
  ],
});
