import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './yaml-merge-key.ts';

testRule(workflowAnalyzer, rule, {
  valid: [
    'on: push\npermissions: {}\nenv: &base\n  CI: "1"\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    env: *base\n    steps:\n      - run: make\n',
    'on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: |\n          cat <<EOF\n          <<: not a key\n          EOF\n',
  ],
  invalid: [
    { code: 'on: push\npermissions: {}\nenv: &base\n  CI: "1"\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    env:\n      <<: *base\n      MODE: test\n    steps:\n      - &s\n        run: make\n      - <<: *s\n        name: again\n', errors: [{ line: 9, column: 7, endLine: 9, endColumn: 9, message: 'merge key "<<"' }, { line: 14, column: 9, endColumn: 11 }] },
  ],
});
