import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './matrix-exclude-no-match.ts';

const wf = (matrix: string) => `on: push\npermissions: {}\njobs:\n  t:\n    runs-on: ubuntu-24.04\n    strategy:\n      matrix:\n${matrix}    steps:\n      - run: make\n`;

testRule(workflowAnalyzer, rule, {
  valid: [
    wf('        os: [ubuntu-24.04, windows-2025]\n        node: [20, 22]\n        exclude:\n          - os: windows-2025\n            node: 20\n'),
    wf("        os:\n          - {name: Ubuntu, id: ubuntu}\n          - {name: Windows, id: windows}\n        exclude:\n          - os: {id: windows}\n"),
    wf("        os:\n          - [ubuntu, latest]\n        exclude:\n          - os: [ubuntu, latest]\n"),
    wf("        node: ${{ fromJSON(inputs.nodes) }}\n        exclude:\n          - node: 18\n"),
    wf("        node: [20, 22]\n        exclude:\n          - node: ${{ inputs.skip }}\n          - nodes: 19\n"),
    wf("        node: ['20', 22]\n        exclude:\n          - node: 20\n"),
  ],
  invalid: [
    { code: wf('        os: [ubuntu-24.04, windows-2025]\n        exclude:\n          - os: windows-latest\n'), errors: [{ line: 10, column: 17, endLine: 10, endColumn: 31, message: 'Matrix exclude value "windows-latest" for "os" is none of the matrix\'s values ("ubuntu-24.04", "windows-2025")' }] },
    { code: wf("        os:\n          - {runner: ubuntu-latest}\n        exclude:\n          - os: ubuntu-latest\n          - os: {runner: windows-latest}\n          - os: {runner: ubuntu-latest, foo: bar}\n"), errors: [{ line: 11, column: 17 }, { line: 12, column: 17 }, { line: 13, column: 17, message: '{runner: "ubuntu-latest", foo: "bar"}' }], name: 'objects match by the keys the exclude names' },
    { code: wf("        os:\n          - [ubuntu, latest]\n        exclude:\n          - os: [ubuntu, '22.04']\n          - os: [latest, ubuntu]\n"), errors: [{ line: 11, column: 17 }, { line: 12, column: 17 }], name: 'lists match element by element' },
  ],
});
