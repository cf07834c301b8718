import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './concurrency-missing.ts';

testRule(workflowAnalyzer, rule, {
  valid: [
    "on: push\npermissions: {}\nconcurrency: ci-${{ github.ref }}\njobs:\n  t:\n    runs-on: ubuntu-24.04\n    steps: [{run: make}]\n",
    "on: [push]\npermissions: {}\njobs:\n  t:\n    concurrency: t\n    runs-on: ubuntu-24.04\n    steps: [{run: make}]\n",
    "on: schedule\npermissions: {}\njobs:\n  t:\n    runs-on: ubuntu-24.04\n    steps: [{run: make}]\n",
  ],
  invalid: [
    { code: "on: [push, schedule]\npermissions: {}\njobs:\n  t:\n    runs-on: ubuntu-24.04\n    steps: [{run: make}]\n", errors: [{ line: 1, column: 1, endLine: 1, endColumn: 3, message: 'run by push' }] },
  ],
});
