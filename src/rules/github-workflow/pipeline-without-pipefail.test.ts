import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './pipeline-without-pipefail.ts';

const wf = (step: string, extra = '') => `on: push\npermissions: {}\n${extra}jobs:\n  t:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: ${step}\n`;

testRule(workflowAnalyzer, rule, {
  valid: [
    wf('make test'), wf('make test | tee log\n        shell: bash'), wf('make | tee log', 'defaults:\n  run:\n    shell: bash\n'),
    wf('|\n          set -o pipefail\n          make | tee log'), wf('make && echo ok'),
  ],
  invalid: [
    { code: wf('make test | tee test.log'), errors: [{ line: 7, column: 14, endLine: 7, endColumn: 38, message: 'without pipefail' }] },
    { code: wf('|\n          echo start\n          ./a | ./b\n          ./c | ./d'), errors: [{ line: 9, column: 11, endLine: 9, endColumn: 20 }], name: 'the first pipeline of the step' },
  ],
});
