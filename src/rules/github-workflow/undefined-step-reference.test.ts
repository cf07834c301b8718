import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './undefined-step-reference.ts';

const wf = (steps: string, extra = '') => `on: push\npermissions: {}\njobs:\n  a:\n    runs-on: ubuntu-24.04\n${extra}    steps:\n${steps}`;

testRule(workflowAnalyzer, rule, {
  valid: [
    wf("      - id: v\n        run: make\n      - if: steps.v.outputs.x == '1' && steps['V'].conclusion == 'success'\n        run: echo ${{ steps.v.outputs.x }}\n"),
    wf("      - id: v\n        run: make\n", "    outputs:\n      x: ${{ steps.v.outputs.x }}\n"),
    wf("      - id: ${{ matrix.id }}\n        run: make\n      - run: echo ${{ steps.a.outputs.x }}\n"),
  ],
  invalid: [
    { code: wf("      - id: v\n        run: make\n      - run: echo ${{ steps.w.outputs.x }}\n"), errors: [{ line: 9, column: 23, endLine: 9, endColumn: 30, message: 'No step "w" runs before this in job "a"' }] },
    { code: wf("      - run: echo ${{ steps.v.outputs.x }}\n      - id: v\n        run: make\n"), errors: [{ line: 7, column: 23, endLine: 7, endColumn: 30 }], name: 'a step further down' },
    { code: wf("      - id: v\n        run: make\n", "    outputs:\n      x: ${{ steps.u.outputs.x }}\n"), errors: [{ line: 7, column: 14, message: '"u"' }], name: 'in the job outputs' },
    { code: wf("      - if: steps.nope.outcome == 'failure'\n        run: make\n"), errors: [{ line: 7, column: 13, endLine: 7, endColumn: 23 }], name: 'a bare if:' },
  ],
});
