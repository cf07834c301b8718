import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './spoofable-bot-condition.ts';

testRule(workflowAnalyzer, rule, {
  valid: [
    "on: pull_request\npermissions: {}\njobs:\n  j:\n    if: github.actor == 'dependabot[bot]'\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n",
    "on: pull_request_target\npermissions: {}\njobs:\n  j:\n    if: github.actor == 'octocat'\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n",
    "on: pull_request_target\npermissions: {}\njobs:\n  j:\n    if: github.event.pull_request.user.login == 'someone'\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n",
    "on: pull_request_target\npermissions: {}\njobs:\n  j:\n    if: github.event.pull_request.user.login == 'dependabot[bot]'\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n",
    "on: pull_request_target\npermissions: {}\njobs:\n  j:\n    if: github.actor_id == 12345\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n",
  ],
  invalid: [
    { code: "on: pull_request_target\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n        if: github.actor_id == 49699333\n      - run: make\n        if: ${{ github['ACTOR_ID'] == '49699333' }}\n", errors: [{ line: 8, column: 13, endColumn: 28, message: '"github.actor_id" names whoever caused the run' }, { line: 10, column: 17, endColumn: 35 }], name: "Dependabot's user id" },
    { code: "on: pull_request_target\npermissions: {}\njobs:\n  j:\n    if: github.actor == 'dependabot[bot]'\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n", errors: [{ line: 5, column: 9, endLine: 5, endColumn: 21, message: "\"github.actor\" names whoever caused the run" }] },
    { code: "on: [workflow_run]\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n        if: ${{ 'renovate[bot]' == github.triggering_actor && success() }}\n", errors: [{ line: 8, column: 36, endLine: 8, endColumn: 59, message: "workflow_run" }], name: "in ${{ }}, reversed" },
  ],
});
