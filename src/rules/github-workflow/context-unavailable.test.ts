import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './context-unavailable.ts';

testRule(workflowAnalyzer, rule, {
  valid: [
    "on: push\npermissions: {}\njobs:\n  a:\n    if: github.ref == 'refs/heads/main' && needs.b.result == 'success' && vars.X\n    needs: b\n    runs-on: ${{ matrix.os }}\n    strategy:\n      matrix:\n        os: ${{ fromJSON(needs.b.outputs.oses) }}\n    env:\n      T: ${{ secrets.T }}\n    steps:\n      - if: env.T != '' && steps.x.outputs.y && runner.os == 'Linux'\n        run: echo ${{ secrets.T }} ${{ job.status }}\n  b:\n    runs-on: ubuntu-24.04\n    steps: [{run: make}]\n",
    "on:\n  workflow_call:\n    outputs:\n      v:\n        value: ${{ jobs.a.outputs.v }}\npermissions: {}\nenv:\n  A: ${{ secrets.A }}\njobs:\n  a:\n    runs-on: ubuntu-24.04\n    container:\n      image: x\n      credentials:\n        password: ${{ secrets.P }}\n    steps: [{run: make}]\n",
  ],
  invalid: [
    { code: "on: push\npermissions: {}\njobs:\n  a:\n    if: secrets.KEY != ''\n    runs-on: ubuntu-24.04\n    steps: [{run: make}]\n", errors: [{ line: 5, column: 9, endLine: 5, endColumn: 16, message: 'The "secrets" context is not available in jobs.a.if' }] },
    { code: "on: push\npermissions: {}\njobs:\n  a:\n    runs-on: ubuntu-24.04\n    steps:\n      - if: ${{ secrets.KEY }}\n        run: make\n", errors: [{ line: 7, column: 17, endLine: 7, endColumn: 24, message: 'jobs.a.steps[0].if' }], name: 'secrets in a step if:' },
    { code: "on: push\npermissions: {}\njobs:\n  a:\n    runs-on: ${{ steps.x.outputs.os }}\n    strategy:\n      matrix:\n        v: ${{ matrix.w }}\n    steps: [{run: make}]\n", errors: [{ line: 5, column: 18, message: '"steps"' }, { line: 8, column: 16, message: '"matrix"' }], name: 'steps in runs-on, matrix in strategy' },
    { code: "on: push\npermissions: {}\njobs:\n  a:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo ${{ secret.TOKEN }}\n", errors: [{ line: 7, column: 23, endLine: 7, endColumn: 29, message: '"secret" is no context' }], name: 'an unknown context' },
  ],
});
