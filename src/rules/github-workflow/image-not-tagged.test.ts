import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './image-not-tagged.ts';

testRule(workflowAnalyzer, rule, {
  valid: [
    "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    container: node:22.11\n    steps:\n      - run: make\n",
    "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    services:\n      db:\n        image: postgres:16@sha256:0000000000000000000000000000000000000000000000000000000000000000\n    steps:\n      - run: make\n",
    "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    container:\n      image: ${{ matrix.image }}\n    steps:\n      - run: make\n",
    "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: docker://alpine:3.20\n",
    "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    container:\n      image: ${{ matrix.image }}\n    strategy:\n      matrix:\n        include:\n          - image: 'node:22'\n          - other: x\n    steps:\n      - run: make\n",
  ],
  invalid: [
    { code: "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    container: node\n    steps:\n      - run: make\n", errors: [{ line: 6, column: 16, endLine: 6, endColumn: 20, message: "has no tag" }] },
    { code: "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    services:\n      db:\n        image: postgres:latest\n      cache:\n        image: redis\n    steps:\n      - run: make\n", errors: [{ line: 8, column: 16, endLine: 8, endColumn: 31 }, { line: 10, column: 16, endLine: 10, endColumn: 21 }], name: "services" },
    { code: "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: docker://alpine\n", errors: [{ line: 7, column: 15, endLine: 7, endColumn: 30 }], name: "docker step" },
    { code: "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    container: ${{ matrix.image }}\n    strategy:\n      matrix:\n        image: ['node:22', python]\n        include:\n          - image: ruby:latest\n    steps:\n      - run: make\n", errors: [{ line: 6, column: 16, endLine: 6, endColumn: 35, message: 'Image "python" (from matrix.image) has no tag' }], name: 'images a matrix gives, one finding at the expression' },
  ],
});
