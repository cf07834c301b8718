import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './self-hosted-runner-on-fork-trigger.ts';

testRule(workflowAnalyzer, rule, {
  valid: [
    "on: push\npermissions: {}\njobs:\n  j:\n    runs-on: [self-hosted, linux]\n    steps:\n      - run: make\n",
    "on: pull_request\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n",
    "on: pull_request\npermissions: {}\njobs:\n  j:\n    runs-on: {group: large-runners}\n    steps:\n      - run: make\n",
  ],
  invalid: [
    { code: "on: pull_request\npermissions: {}\njobs:\n  j:\n    runs-on: self-hosted\n    steps:\n      - run: make\n", errors: [{ line: 5, column: 14, endLine: 5, endColumn: 25, message: "Job \"j\" runs on a self-hosted runner in a workflow that pull_request" }] },
    { code: "on: [push, issue_comment]\npermissions: {}\njobs:\n  j:\n    runs-on: [linux, Self-Hosted]\n    steps:\n      - run: make\n", errors: [{ line: 5, column: 22, endLine: 5, endColumn: 33 }], name: "a list, any case" },
    { code: "on: pull_request_target\npermissions: {}\njobs:\n  j:\n    runs-on:\n      group: ci\n      labels: [self-hosted]\n    steps:\n      - run: make\n", errors: [{ line: 7, column: 16, endLine: 7, endColumn: 27 }], name: "labels of a group" },
  ],
});
