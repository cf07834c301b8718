import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './matrix-duplicate-value.ts';

const wf = (matrix: string) => `on: push\npermissions: {}\njobs:\n  t:\n    runs-on: ubuntu-24.04\n    strategy:\n      matrix:\n${matrix}    steps:\n      - run: make\n`;

testRule(workflowAnalyzer, rule, {
  valid: [
    wf('        node: [20, 22]\n        os: [ubuntu-24.04, windows-2025]\n'),
    wf('        node: [20, "20"]\n'),
    wf('        include:\n          - node: 20\n          - node: 20\n'),
    wf('        node: ${{ fromJSON(inputs.nodes) }}\n'),
  ],
  invalid: [
    { code: wf('        node: [20, 22, 20]\n'), errors: [{ line: 8, column: 24, endLine: 8, endColumn: 26, message: 'Value 20 is listed twice in matrix key "node" of job "t"' }] },
    {
      code: wf('        os:\n          - ubuntu-24.04\n          - windows-2025\n          - ubuntu-24.04\n        cfg:\n          - {a: 1}\n          - {a: 1}\n'),
      errors: [{ line: 11, column: 13, endLine: 11, endColumn: 25, message: '"ubuntu-24.04"' }, { line: 14, column: 13, endLine: 14, endColumn: 19 }],
      name: 'strings and mappings',
    },
  ],
});
