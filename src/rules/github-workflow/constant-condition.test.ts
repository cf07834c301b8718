import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './constant-condition.ts';

const step = (cond: string) => `on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n        if: ${cond}\n`;

testRule(workflowAnalyzer, rule, {
  valid: [
    step("github.event_name == 'push'"),
    step('${{ always() }}'),
    step('success() && true'),
    step("hashFiles('**/go.sum') != ''"),
    step('${{ inputs.enabled }}'),
    step("${{ github.ref == 'refs/heads/main' }} && ${{ true }}"),
    step("'${{ false }} '"),
  ],
  invalid: [
    { code: step('true'), errors: [{ line: 8, column: 13, endLine: 8, endColumn: 17, message: 'it is "true" on every run' }] },
    { code: step('${{ false }}'), errors: [{ line: 8, column: 13, endLine: 8, endColumn: 25, message: 'it is "false" on every run' }] },
    { code: step("'false'"), errors: [{ line: 8, column: 13, endLine: 8, endColumn: 20 }], name: 'a quoted constant' },
    { code: step('|\n          true\n'), errors: [{ line: 8, column: 13 }], name: 'a block scalar' },
    { code: step("${{ contains(format('{0} {1}', 'a', 'b'), 'a b') }}"), errors: [{ line: 8, column: 13 }], name: 'functions of literals' },
    { code: step('true && 42 || !null'), errors: [{ line: 8, column: 13, message: 'it is "true && 42 || !null" on every run' }] },
    { code: 'on: push\npermissions: {}\njobs:\n  j:\n    if: false\n    runs-on: ubuntu-24.04\n    snapshot:\n      image-name: img\n      if: true\n    steps:\n      - run: make\n', errors: [{ line: 5, column: 9 }, { line: 9, column: 11 }], name: 'a job and its snapshot' },
  ],
});
