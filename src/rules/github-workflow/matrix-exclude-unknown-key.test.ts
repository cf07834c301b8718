import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './matrix-exclude-unknown-key.ts';

const wf = (matrix: string) => `on: push\npermissions: {}\njobs:\n  t:\n    runs-on: ubuntu-24.04\n    strategy:\n      matrix:\n${matrix}    steps:\n      - run: make\n`;

testRule(workflowAnalyzer, rule, {
  valid: [
    wf('        node: [20, 22]\n        os: [ubuntu-24.04, windows-2025]\n        exclude:\n          - node: 20\n            os: windows-2025\n'),
    wf('        node: [20, 22]\n        include:\n          - node: 22\n            experimental: true\n'),
    wf('        include:\n          - node: 22\n        exclude:\n          - node: 20\n'),
    wf('        ${{ fromJSON(inputs.matrix) }}\n'),
    wf('        node: ${{ fromJSON(inputs.nodes) }}\n        exclude: ${{ fromJSON(inputs.exclude) }}\n'),
  ],
  invalid: [
    { code: wf('        node: [20, 22]\n        exclude:\n          - nodes: 20\n'), errors: [{ line: 10, column: 13, endLine: 10, endColumn: 18, message: 'Matrix exclude key "nodes" is not a key of the matrix of job "t" (it has node)' }] },
    {
      code: wf('        node: [20, 22]\n        os: [ubuntu-24.04]\n        include:\n          - experimental: true\n        exclude:\n          - node: 20\n            experimental: true\n          - OS: ubuntu-24.04\n'),
      errors: [{ line: 14, column: 13, endLine: 14, endColumn: 25 }, { line: 15, column: 13, endLine: 15, endColumn: 15 }],
      name: 'a key only include adds, and a key in the wrong case',
    },
  ],
});
