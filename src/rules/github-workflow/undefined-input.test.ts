import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './undefined-input.ts';

const wf = (on: string, use: string) => `on:\n${on}permissions: {}\njobs:\n  t:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo ${use}\n`;

testRule(workflowAnalyzer, rule, {
  valid: [
    wf('  workflow_dispatch:\n    inputs:\n      env: {type: string}\n', '${{ inputs.env }} ${{ github.event.inputs.ENV }}'),
    wf('  workflow_call:\n    inputs:\n      a: {type: string}\n  workflow_dispatch:\n    inputs:\n      b: {type: string}\n', '${{ inputs.a }} ${{ inputs.b }}'),
  ],
  invalid: [
    { code: wf('  workflow_dispatch:\n    inputs:\n      env: {type: string}\n', '${{ inputs.enb }}'), errors: [{ line: 10, column: 23, endLine: 10, endColumn: 33, message: 'No input "enb" is defined (inputs: env)' }] },
    { code: wf('  workflow_dispatch:\n', '${{ github.event.inputs.x }}'), errors: [{ line: 8, column: 23, endLine: 8, endColumn: 44, message: '(inputs: none)' }], name: 'no inputs at all' },
    { code: 'on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo ${{ inputs.some_input }}\n', errors: [{ line: 7, column: 23, endColumn: 40, message: 'No input "some_input" is defined (inputs: none)' }], name: 'no trigger that takes inputs (was valid: inputs is empty there, so this is deliberate)' },
  ],
});
