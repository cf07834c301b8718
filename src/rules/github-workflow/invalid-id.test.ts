import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './invalid-id.ts';

testRule(workflowAnalyzer, rule, {
  valid: [
    "on: push\npermissions: {}\njobs:\n  _Build-1_x:\n    runs-on: ubuntu-24.04\n    steps:\n      - id: step_1-a\n        run: make\n      - id: ${{ matrix.id }}\n        run: make\n",
  ],
  invalid: [
    { code: "on: push\npermissions: {}\njobs:\n  build.linux:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n", errors: [{ line: 4, column: 3, endLine: 4, endColumn: 14, message: 'The job id "build.linux" is invalid' }] },
    { code: "on: push\npermissions: {}\njobs:\n  b:\n    runs-on: ubuntu-24.04\n    steps:\n      - id: 1st\n        run: make\n      - id: 'a b'\n        run: make\n", errors: [{ line: 7, column: 13, endLine: 7, endColumn: 16, message: 'The step id "1st"' }, { line: 9, column: 13, endLine: 9, endColumn: 18 }], name: 'step ids' },
  ],
});
