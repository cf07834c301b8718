import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './unsound-ternary.ts';

const wf = (run: string) => `on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: ${run}\n`;

testRule(workflowAnalyzer, rule, {
  valid: [
    wf("echo ${{ github.ref == 'refs/heads/main' && 'prod' || 'dev' }}"),
    wf("echo ${{ inputs.a && inputs.b || 'c' }}"),
    wf("echo ${{ inputs.a || '' }}"),
    wf("echo ${{ inputs.a && 1 || 2 }}"),
  ],
  invalid: [
    { code: wf("./release.sh ${{ github.ref == 'refs/heads/main' && '' || '--dry-run' }}"), errors: [{ line: 7, column: 66, endLine: 7, endColumn: 68, message: "The value after && is '', which is falsy" }] },
    { code: wf("echo ${{ inputs.x && false || true }}"), errors: [{ line: 7, column: 35, endLine: 7, endColumn: 40, message: 'is false' }], name: 'false' },
    {
      code: "on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    timeout-minutes: ${{ inputs.long && 0 || 10 }}\n    steps:\n      - run: make\n",
      errors: [{ line: 6, column: 41, endLine: 6, endColumn: 42, message: 'is 0' }],
      name: 'outside run:',
    },
  ],
});
