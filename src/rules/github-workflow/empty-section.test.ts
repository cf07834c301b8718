import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './empty-section.ts';

const JOB = 'permissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n';

testRule(workflowAnalyzer, rule, {
  valid: [
    `on:\n  push:\n    branches: [main]\n    paths: ['src/**']\n  schedule:\n    - cron: '0 0 * * *'\n${JOB}`,
    `on:\n  workflow_dispatch:\n    inputs:\n      env:\n        type: choice\n        options: [dev, prod]\n${JOB}`,
    `on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    strategy:\n      matrix:\n        node: [20, 22]\n        include: [{node: 24, experimental: true}]\n    container:\n      image: node:22\n      ports: [8080]\n    steps:\n      - run: make\n`,
    `on:\n  workflow_call:\n    outputs:\n      v:\n        value: \${{ jobs.j.outputs.v }}\n${JOB}`,
  ],
  invalid: [
    { code: `on:\n  push:\n    branches: []\n    paths-ignore: []\n${JOB}`, errors: [{ line: 3, column: 15, endLine: 3, endColumn: 17, message: '"on.push.branches" is an empty list' }, { line: 4, column: 19, endColumn: 21 }] },
    { code: `on: schedule\n${JOB}`, errors: [{ line: 1, column: 5, endColumn: 13, message: 'The schedule trigger has no cron' }], name: 'schedule without cron' },
    { code: `on:\n  schedule: []\n${JOB}`, errors: [{ line: 2, column: 13, message: '"schedule" is an empty list' }], name: 'an empty schedule' },
    { code: `on:\n  workflow_dispatch:\n    inputs:\n      a:\n        type: choice\n        options: []\n      b:\n        type: choice\n        options: ['', x]\n${JOB}`, errors: [{ line: 6, column: 18, message: 'inputs.a.options' }, { line: 9, column: 19, endColumn: 21, message: '"inputs.b.options" holds an empty value' }], name: 'choice options' },
    { code: `on:\n  workflow_call:\n    outputs:\n      v:\n        value:\n${JOB}`, errors: [{ line: 5, column: 15, message: 'outputs.v.value' }], name: 'an output without a value' },
    { code: "on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    needs: []\n    strategy:\n      matrix:\n        foo: []\n        include: []\n    services:\n      db:\n        image: postgres:17\n        ports: ['']\n    steps:\n      - run: make\n", errors: [{ line: 6, column: 12, message: '"needs"' }, { line: 9, column: 14, message: '"matrix.foo"' }, { line: 10, column: 18, message: '"matrix.include"' }, { line: 14, column: 17, message: '"ports" holds an empty value' }], name: 'a job\'s lists' },
  ],
});
