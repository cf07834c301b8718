import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './undefined-needs-reference.ts';

const wf = (deploy: string) => `on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps: [{run: make}]\n  deploy:\n${deploy}`;
/** The same with build's outputs declared (read by the valid cases since outputs are checked too). */
const wfOut = (deploy: string) => `on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    outputs:\n      x: a\n      os: ubuntu-24.04\n    steps: [{run: make}]\n  deploy:\n${deploy}`;

testRule(workflowAnalyzer, rule, {
  valid: [
    wfOut("    needs: build\n    if: needs.build.result == 'success'\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo ${{ needs.Build.outputs.x }}\n"),
    wfOut("    needs: [build]\n    runs-on: ${{ needs['build'].outputs.os }}\n    steps: [{run: make}]\n"),
  ],
  invalid: [
    { code: wf("    runs-on: ubuntu-24.04\n    steps:\n      - run: echo ${{ needs.build.outputs.x }}\n"), errors: [{ line: 10, column: 23, endLine: 10, endColumn: 34, message: 'Job "deploy" does not need "build"' }] },
    { code: wf("    needs: build\n    if: needs.biuld.result == 'success'\n    runs-on: ubuntu-24.04\n    steps: [{run: make}]\n"), errors: [{ line: 9, column: 9, endLine: 9, endColumn: 20, message: '"biuld"' }], name: 'a typo in a bare if:' },
    { code: 'on:\n  workflow_call:\n    outputs:\n      a:\n        value: ${{ jobs.b.outputs.tag }}\n      c:\n        value: ${{ jobs.build.outputs.tg }}\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    outputs:\n      tag: ${{ steps.t.outputs.tag }}\n    steps:\n      - id: t\n        run: make\n  deploy:\n    needs: build\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo ${{ needs.build.outputs.tag }} ${{ needs.build.outputs.tga }}\n', errors: [{ line: 5, column: 20, endColumn: 26, message: 'This workflow has no job "b"' }, { line: 7, column: 20, endColumn: 41, message: 'Job "build" declares no output "tg": jobs.build.outputs.tg is empty' }, { line: 21, column: 54, endColumn: 77, message: 'needs.build.outputs.tga' }], name: 'outputs no job declares, and jobs.<id> of a reusable workflow\'s outputs' },
  ],
});
