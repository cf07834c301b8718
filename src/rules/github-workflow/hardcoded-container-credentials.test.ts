import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './hardcoded-container-credentials.ts';

testRule(workflowAnalyzer, rule, {
  valid: [
    "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    container:\n      image: r.example/ci:1\n      credentials:\n        username: u\n        password: ${{ secrets.P }}\n    steps:\n      - run: make\n",
    "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    container: r.example/ci:1\n    steps:\n      - run: make\n",
  ],
  invalid: [
    { code: "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    container:\n      image: r.example/ci:1\n      credentials:\n        username: u\n        password: s3cret\n    steps:\n      - run: make\n", errors: [{ line: 10, column: 19, endLine: 10, endColumn: 25, message: "job \"build\"" }] },
    { code: "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    services:\n      db:\n        image: r.example/db:1\n        credentials:\n          username: u\n          password: 'p@ss'\n    steps:\n      - run: make\n", errors: [{ line: 11, column: 21, endLine: 11, endColumn: 27, message: "service \"db\"" }], name: "service" },
  ],
});
