import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './workflow-input-invalid.ts';

const wf = (on: string) => `on:\n${on}permissions: {}\njobs:\n  t:\n    runs-on: ubuntu-24.04\n    steps: [{run: make}]\n`;

testRule(workflowAnalyzer, rule, {
  valid: [
    // No type: GitHub's schema requires it (CGW000), not this rule.
    wf('  workflow_call:\n    inputs:\n      tag:\n        required: true\n'),
    wf('  workflow_dispatch:\n    inputs:\n      env:\n        type: choice\n        default: b\n        options: [a, b]\n      dry:\n        type: boolean\n        default: true\n      free:\n        description: x\n'),
    wf('  workflow_call:\n    inputs:\n      n:\n        type: number\n        default: 3\n      b:\n        type: boolean\n        default: ${{ false }}\n'),
  ],
  invalid: [
    { code: wf('  workflow_dispatch:\n    inputs:\n      env:\n        type: choice\n'), errors: [{ line: 4, column: 7, endLine: 4, endColumn: 10, message: 'Input "env" is a choice without options', severity: 'high' }] },
    { code: wf('  workflow_dispatch:\n    inputs:\n      env:\n        type: choice\n        default: c\n        options: [a, b]\n      dry:\n        type: boolean\n        default: yes\n'), errors: [{ line: 6, column: 18, endLine: 6, endColumn: 19, message: 'not one of its options (a, b)', severity: 'medium' }, { line: 10, column: 18, endLine: 10, endColumn: 21, message: 'not true or false', severity: 'medium' }], name: 'defaults that do not fit' },
    { code: wf('  workflow_dispatch:\n    inputs:\n      c:\n        type: choice\n        options: [a, b, a]\n      s:\n        type: string\n        options: [x]\n      n:\n        type: number\n        default: hello\n'), errors: [{ line: 6, column: 25, endColumn: 26, message: 'Option "a" of input "c" is listed twice', severity: 'low' }, { line: 7, column: 7, endColumn: 8, message: 'type string, not choice', severity: 'low' }, { line: 12, column: 18, endColumn: 23, message: 'number input "n" is not a number', severity: 'medium' }], name: 'duplicate options, options of a string, a number default' },
    { code: wf('  workflow_call:\n    inputs:\n      r:\n        type: string\n        required: true\n        default: a\n'), errors: [{ line: 7, column: 18, endColumn: 19, message: 'required, so its default "a" is never used', severity: 'low' }], name: 'a required input with a default' },
    { code: wf('  workflow_dispatch:\n    inputs:\n      i0: {type: string}\n      i1: {type: string}\n      i2: {type: string}\n      i3: {type: string}\n      i4: {type: string}\n      i5: {type: string}\n      i6: {type: string}\n      i7: {type: string}\n      i8: {type: string}\n      i9: {type: string}\n      i10: {type: string}\n      i11: {type: string}\n      i12: {type: string}\n      i13: {type: string}\n      i14: {type: string}\n      i15: {type: string}\n      i16: {type: string}\n      i17: {type: string}\n      i18: {type: string}\n      i19: {type: string}\n      i20: {type: string}\n      i21: {type: string}\n      i22: {type: string}\n      i23: {type: string}\n      i24: {type: string}\n      i25: {type: string}\n'), errors: [{ line: 2, column: 3, endColumn: 20, message: 'workflow_dispatch has 26 inputs; GitHub allows 25' }], name: 'more than 25 inputs' },
  ],
});
