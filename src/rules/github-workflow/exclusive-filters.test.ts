import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './exclusive-filters.ts';

const JOB = 'permissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n';

testRule(workflowAnalyzer, rule, {
  valid: [
    `on:\n  push:\n    branches: [main, '!x/**']\n    tags-ignore: [dev]\n    paths: [src]\n${JOB}`,
    `on:\n  pull_request:\n    branches-ignore: [x]\n    paths-ignore: [docs]\n${JOB}`,
  ],
  invalid: [
    { code: `on:\n  push:\n    branches: [main]\n    branches-ignore: [x]\n    tags-ignore: [dev]\n    tags: [v*]\n${JOB}`, errors: [{ line: 4, column: 5, endLine: 4, endColumn: 20, message: 'on.push has both "branches" and "branches-ignore"' }, { line: 6, column: 5, endColumn: 9, message: '"tags" and "tags-ignore"' }] },
    { code: `on:\n  pull_request_target:\n    paths: [a]\n    paths-ignore: [b]\n  workflow_run:\n    workflows: [CI]\n    branches-ignore: [x]\n    branches: [y]\n${JOB}`, errors: [{ line: 4, column: 5, message: 'on.pull_request_target' }, { line: 8, column: 5, message: 'on.workflow_run' }], name: 'other events' },
  ],
});
