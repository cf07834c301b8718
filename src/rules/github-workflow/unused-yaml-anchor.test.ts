import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './unused-yaml-anchor.ts';

testRule(workflowAnalyzer, rule, {
  valid: [
    'on: push\npermissions: {}\njobs:\n  j:\n    runs-on: &os ubuntu-24.04\n    env:\n      OS: *os\n    steps:\n      - run: make && echo "a & b" > /dev/null 2>&1 &\n        # not an &anchor here\n',
    "on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: |\n          cat &x\n          echo *y\n      - run: echo '&z'\n",
  ],
  invalid: [
    {
      code: 'on: &a push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - &s\n        run: make\n        env: &e\n          A: b\n      - run: make\n        env: *e\n      - *s\n      - &s\n        run: again\n',
      errors: [{ line: 1, column: 5, endLine: 1, endColumn: 7, message: 'Anchor "a" is defined but no alias uses it.' }, { line: 14, column: 9, endColumn: 11, message: 'Anchor "s"' }],
    },
  ],
});
