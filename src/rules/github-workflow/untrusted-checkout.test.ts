import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './untrusted-checkout.ts';

testRule(workflowAnalyzer, rule, {
  valid: [
    "on: pull_request\npermissions: {}\njobs:\n  t:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/checkout@v4\n        with:\n          ref: ${{ github.event.pull_request.head.sha }}\n",
    "on: pull_request_target\npermissions: {}\njobs:\n  t:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/checkout@v4\n",
    "on: pull_request_target\npermissions: {}\njobs:\n  t:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/checkout@v4\n        with:\n          ref: ${{ github.event.pull_request.base.sha }}\n",
    "on: workflow_run\npermissions: {}\njobs:\n  t:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: other/action@v4\n        with:\n          ref: ${{ github.event.workflow_run.head_sha }}\n",
  ],
  invalid: [
    { code: "on: pull_request_target\npermissions: {}\njobs:\n  t:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/checkout@v4\n        with:\n          ref: ${{ github.event.pull_request.head.sha }}\n", errors: [{ line: 9, column: 16, endLine: 9, endColumn: 57, message: "github.event.pull_request.head.sha", severity: 'high' }] },
    { code: "on: pull_request_target\npermissions: {}\njobs:\n  t:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/checkout@v4\n        with:\n          ref: ${{ github.event.pull_request.head.sha }}\n      - run: npm ci && npm test\n", errors: [{ line: 9, column: 16, endLine: 9, endColumn: 57, message: "later steps run it", severity: 'critical' }], name: "then runs it" },
    { code: "on:\n  workflow_run:\n    workflows: [ci]\npermissions: {}\njobs:\n  t:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/checkout@v4\n        with:\n          ref: ${{ github.event.workflow_run.head_branch }}\n", errors: [{ line: 11, column: 16, endLine: 11, endColumn: 60, message: "workflow_run", severity: 'high' }], name: "workflow_run head branch" },
    { code: "on: [pull_request_target]\npermissions: {}\njobs:\n  t:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/checkout@v4\n        with:\n          ref: refs/pull/${{ github.event.number }}/merge\n", errors: [{ line: 9, column: 26, endLine: 9, endColumn: 52, severity: 'high' }], name: "merge ref" },
    { code: "on: pull_request_target\npermissions: {}\njobs:\n  t:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/checkout@v4\n        with:\n          repository: ${{ github.event.pull_request.head.repo.full_name }}\n          ref: ${{ github.head_ref }}\n", errors: [{ line: 9, column: 23, endLine: 9, endColumn: 75, severity: 'high' }, { line: 10, column: 16, endLine: 10, endColumn: 38, severity: 'high' }], name: "fork repository and head ref" },
    { code: "on: pull_request_target\npermissions: {}\njobs:\n  t:\n    if: github.event.pull_request.user.login == 'dependabot[bot]' && github.repository == 'o/r'\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/checkout@v4\n        with:\n          ref: ${{ github.head_ref }}\n      - run: make generate\n", errors: [{ line: 10, column: 16, endLine: 10, endColumn: 38, severity: 'medium' }], name: "only for a bot's pull requests (the author's login): medium" },
    { code: "on: pull_request_target\npermissions: {}\njobs:\n  t:\n    if: ${{ github.event.pull_request.user.login == 'dependabot[bot]' || github.actor == 'me' }}\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/checkout@v4\n        with:\n          ref: ${{ github.head_ref }}\n      - run: make generate\n", errors: [{ line: 10, column: 16, endLine: 10, endColumn: 38, severity: 'critical' }], name: "a bot author as one alternative of ||: not a gate" },
  ],
});
