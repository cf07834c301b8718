import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './if-always-true.ts';

testRule(workflowAnalyzer, rule, {
  valid: [
    "on: push\npermissions: {}\njobs:\n  j:\n    if: ${{ github.ref == 'refs/heads/main' }}\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n",
    "on: push\npermissions: {}\njobs:\n  j:\n    if: github.ref == 'refs/heads/main'\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n",
    "on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n        if: success() && !cancelled()\n",
    "on: push\npermissions: {}\njobs:\n  j:\n    if: >-\n      ${{ github.event_name == 'push' }}\n    runs-on: x\n    steps: [{run: a}]\n",
  ],
  invalid: [
    { code: "on: push\npermissions: {}\njobs:\n  j:\n    if: ${{ github.ref == 'refs/heads/main' }} && ${{ github.event_name == 'push' }}\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n", errors: [{ line: 5, column: 9, endLine: 5, endColumn: 85, message: "always true" }] },
    { code: "on: push\npermissions: {}\njobs:\n  j:\n    if: |\n      ${{ github.event_name == 'push' }}\n    runs-on: x\n    steps: [{run: a}]\n", errors: [{ line: 5, column: 9, endLine: 6, endColumn: 41 }], name: "a | block keeps its newline" },
    { code: "on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n        if: \"${{ false }} \"\n", errors: [{ line: 8, column: 13, endLine: 8, endColumn: 28 }], name: "a step, a quoted space" },
  ],
});
