import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './invalid-permission.ts';

testRule(workflowAnalyzer, rule, {
  valid: [
    "on: push\npermissions: read-all\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n",
    "on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n",
    "on: push\npermissions:\n  id-token: write\n  models: read\n  artifact-metadata: write\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n",
  ],
  invalid: [
    { code: "on: push\npermissions:\n  content: read\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n", errors: [{ line: 3, column: 3, endLine: 3, endColumn: 10, message: "Unknown permission scope \"content\"" }] },
    { code: "on: push\npermissions:\n  id-token: read\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n", errors: [{ line: 3, column: 13, endLine: 3, endColumn: 17, message: "it takes write, none" }], name: "a level the scope does not take" },
    { code: "on: push\npermissions: read\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n", errors: [{ line: 2, column: 14, endLine: 2, endColumn: 18, message: "not a permissions value" }], name: "a bare level" },
    { code: "on: push\npermissions: {}\njobs:\n  j:\n    permissions:\n      pull-request: write\n    runs-on: x\n    steps: [{run: a}]\n", errors: [{ line: 6, column: 7, endLine: 6, endColumn: 19 }], name: "on a job" },
    { code: 'on: push\njobs:\n  j:\n    permissions:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n', errors: [{ line: 4, column: 5, endColumn: 16, message: '""' }], name: 'permissions: with no value' },
    { code: "on: push\npermissions:\n  contents: Read\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n", errors: [{ line: 3, column: 13, endLine: 3, endColumn: 17, message: '"Read" is not a level of "contents"' }], name: 'a level in the wrong case (fixable)' },
  ],
});
