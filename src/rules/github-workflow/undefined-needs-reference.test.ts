import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './undefined-needs-reference.ts';

const wf = (deploy: string) => `on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps: [{run: make}]\n  deploy:\n${deploy}`;

testRule(workflowAnalyzer, rule, {
  valid: [
    wf("    needs: build\n    if: needs.build.result == 'success'\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo ${{ needs.Build.outputs.x }}\n"),
    wf("    needs: [build]\n    runs-on: ${{ needs['build'].outputs.os }}\n    steps: [{run: make}]\n"),
  ],
  invalid: [
    { code: wf("    runs-on: ubuntu-24.04\n    steps:\n      - run: echo ${{ needs.build.outputs.x }}\n"), errors: [{ line: 10, column: 23, endLine: 10, endColumn: 34, message: 'Job "deploy" does not need "build"' }] },
    { code: wf("    needs: build\n    if: needs.biuld.result == 'success'\n    runs-on: ubuntu-24.04\n    steps: [{run: make}]\n"), errors: [{ line: 9, column: 9, endLine: 9, endColumn: 20, message: '"biuld"' }], name: 'a typo in a bare if:' },
  ],
});
