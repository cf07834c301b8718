import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './github-env-write.ts';

testRule(workflowAnalyzer, rule, {
  valid: [
    "on: pull_request\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: cat x >> \"$GITHUB_ENV\"\n",
    "on: pull_request_target\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo \"MODE=full\" >> \"$GITHUB_ENV\"\n",
    "on: pull_request_target\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: printf 'A=1\\n' >> $GITHUB_ENV\n",
    "on: workflow_run\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo \"$DIR\" >> \"$GITHUB_OUTPUT\"\n",
  ],
  invalid: [
    { code: "on: pull_request_target\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo \"VERSION=$(cat VERSION)\" >> \"$GITHUB_ENV\"\n", errors: [{ line: 7, column: 44, endLine: 7, endColumn: 60, message: "writes a value it does not know to $GITHUB_ENV" }] },
    { code: "on: workflow_run\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: |\n          unzip pr.zip\n          cat pr/path.txt >> ${GITHUB_PATH}\n", errors: [{ line: 9, column: 27, endLine: 9, endColumn: 44, message: "$GITHUB_PATH" }], name: "a block script, GITHUB_PATH" },
    { code: "on: pull_request_target\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo \"$MSG\" >> $GITHUB_PATH\n        shell: /bin/bash -e {0}\n", errors: [{ line: 7, column: 26, endLine: 7, endColumn: 41, message: "$GITHUB_PATH" }], name: "a shell given by its path" },
  ],
});
