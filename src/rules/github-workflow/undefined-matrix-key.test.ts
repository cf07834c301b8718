import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './undefined-matrix-key.ts';

const wf = (strategy: string, use = '${{ matrix.os }}') => `on: push\npermissions: {}\njobs:\n  t:\n    runs-on: ${use}\n${strategy}    steps: [{run: make}]\n`;

testRule(workflowAnalyzer, rule, {
  valid: [
    wf('    strategy:\n      matrix:\n        os: [a, b]\n'),
    wf('    strategy:\n      matrix:\n        v: [1]\n        include:\n          - os: a\n'),
    wf('    strategy:\n      matrix: ${{ fromJSON(needs.x.outputs.m) }}\n'),
    wf('    strategy:\n      matrix:\n        v: [1]\n        include: ${{ fromJSON(needs.x.outputs.m) }}\n'),
    wf('    strategy: ${{ fromJSON(needs.x.outputs.s) }}\n'),
    wf('    strategy:\n      matrix:\n        OS: [a]\n'),
  ],
  invalid: [
    { code: wf('    strategy:\n      matrix:\n        version: [1, 2]\n'), errors: [{ line: 5, column: 18, endLine: 5, endColumn: 27, message: 'The matrix of job "t" has no key "os" (keys: version)' }] },
    { code: wf(''), errors: [{ line: 5, column: 18, endLine: 5, endColumn: 27, message: 'Job "t" has no matrix' }], name: 'no matrix' },
  ],
});
