import { testProjectRule } from '../../../test/support/project-rule-tester.ts';
import { rule } from './reusable-workflow-call-mismatch.ts';

const called = {
  filename: '.github/workflows/test.yml',
  content: 'on:\n  workflow_call:\n    inputs:\n      node:\n        type: string\n        required: true\n      os:\n        type: string\n        required: true\n        default: ubuntu-24.04\n      Debug:\n        type: boolean\n    secrets:\n      token:\n        required: true\n      extra:\n        required: false\njobs:\n  t:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo hi\n',
};
const caller = (job: string) => ({ filename: '.github/workflows/ci.yml', content: `on: push\njobs:\n  test:\n    uses: ./.github/workflows/test.yml\n${job}` });

testProjectRule(rule, {
  valid: [
    { name: 'inputs and secrets as defined; names compared without case; a required input with a default may be left out', files: [caller('    with:\n      node: "22"\n      debug: true\n    secrets:\n      TOKEN: ${{ secrets.NPM_TOKEN }}\n'), called] },
    { name: 'secrets: inherit passes them all', files: [caller('    with:\n      node: "22"\n    secrets: inherit\n'), called] },
    { name: 'the called workflow was not submitted', files: [caller('    with:\n      typo: 1\n')] },
    { name: 'a reusable workflow of another repository', files: [{ filename: '.github/workflows/ci.yml', content: 'on: push\njobs:\n  test:\n    uses: example/ci/.github/workflows/test.yml@v1\n    with:\n      typo: 1\n' }, called] },
  ],
  invalid: [
    {
      name: 'an unknown input and an unknown secret at their keys; the required ones not passed at uses',
      files: [caller('    with:\n      node-version: "22"\n    secrets:\n      npm: x\n'), called],
      errors: [
        { file: '.github/workflows/ci.yml', line: 4, column: 11, endLine: 4, endColumn: 39, message: 'Required input "node" of .github/workflows/test.yml is not passed' },
        { file: '.github/workflows/ci.yml', line: 4, column: 11, endLine: 4, endColumn: 39, message: 'Required secret "token"' },
        { file: '.github/workflows/ci.yml', line: 6, column: 7, endLine: 6, endColumn: 19, message: 'Input "node-version" is not defined by .github/workflows/test.yml (its on.workflow_call inputs: node, os, debug)' },
        { file: '.github/workflows/ci.yml', line: 8, column: 7, endLine: 8, endColumn: 10, message: 'Secret "npm"' },
      ],
    },
    {
      name: 'a workflow without workflow_call cannot be called',
      files: [caller(''), { filename: '.github/workflows/test.yml', content: 'on: push\njobs:\n  t:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo hi\n' }],
      errors: [{ file: '.github/workflows/ci.yml', line: 4, column: 11, endLine: 4, endColumn: 39, message: 'has no on.workflow_call trigger' }],
    },
    {
      name: '`on: workflow_call` with no mapping defines no input',
      files: [caller('    with:\n      node: "22"\n'), { filename: '.github/workflows/test.yml', content: 'on: workflow_call\njobs:\n  t:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo hi\n' }],
      errors: [{ file: '.github/workflows/ci.yml', line: 6, column: 7, endLine: 6, endColumn: 11, message: 'inputs: none' }],
    },
  ],
});
