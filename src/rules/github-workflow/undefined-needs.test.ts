import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './undefined-needs.ts';

testRule(workflowAnalyzer, rule, {
  valid: [
    "on: push\npermissions: {}\njobs:\n  a:\n    runs-on: x\n    steps: [{run: a}]\n  b:\n    needs: [A]\n    runs-on: x\n    steps: [{run: b}]\n",
  ],
  invalid: [
    { code: "on: push\npermissions: {}\njobs:\n  a:\n    runs-on: x\n    steps: [{run: a}]\n  b:\n    needs: [a, c]\n    runs-on: x\n    steps: [{run: b}]\n", errors: [{ line: 8, column: 16, endLine: 8, endColumn: 17, message: "needs \"c\"" }] },
    { code: "on: push\npermissions: {}\njobs:\n  b:\n    needs: buld\n    runs-on: x\n    steps: [{run: b}]\n", errors: [{ line: 5, column: 12, endLine: 5, endColumn: 16 }], name: "a scalar" },
  ],
});
