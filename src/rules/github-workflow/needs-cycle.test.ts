import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './needs-cycle.ts';

testRule(workflowAnalyzer, rule, {
  valid: [
    "on: push\npermissions: {}\njobs:\n  a:\n    runs-on: x\n    steps: [{run: a}]\n  b:\n    needs: a\n    runs-on: x\n    steps: [{run: b}]\n",
  ],
  invalid: [
    { code: "on: push\npermissions: {}\njobs:\n  a:\n    needs: c\n    runs-on: x\n    steps: [{run: a}]\n  b:\n    needs: a\n    runs-on: x\n    steps: [{run: b}]\n  c:\n    needs: [b]\n    runs-on: x\n    steps: [{run: c}]\n", errors: [{ line: 4, column: 3, endLine: 4, endColumn: 4, message: "a -> c -> b -> a" }] },
    { code: "on: push\npermissions: {}\njobs:\n  a:\n    needs: a\n    runs-on: x\n    steps: [{run: a}]\n", errors: [{ line: 4, column: 3, endLine: 4, endColumn: 4 }], name: "itself" },
  ],
});
