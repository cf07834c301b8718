import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './unknown-runner-label.ts';

const wf = (runsOn: string) => `on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ${runsOn}\n    steps:\n      - run: make\n`;

testRule(workflowAnalyzer, rule, {
  valid: [
    wf('ubuntu-24.04'),
    wf('ubuntu-latest'),
    wf('Windows-2025'),
    wf('macos-15-xlarge'),
    wf('[self-hosted, ubuntu-20.04]'),
    wf('{group: ci, labels: [ubuntu-2004]}'),
    wf('${{ matrix.os }}'),
    wf('linux-arm64-runner'),
    wf('ubuntu-24.04-16core-custom'),
    wf('ubuntu-latest-m'),
    wf('ubuntu-22.04-4core'),
  ],
  invalid: [
    { code: wf('ubuntu-20.04'), errors: [{ line: 5, column: 14, endLine: 5, endColumn: 26, message: 'Runner label "ubuntu-20.04" names a GitHub-hosted image retired in 2025-04' }] },
    { code: wf('ubuntu-lastest'), errors: [{ line: 5, column: 14, endLine: 5, endColumn: 28, message: 'did you mean "ubuntu-latest"?' }], name: 'a typo' },
    { code: wf('[ubuntu-24.4]'), errors: [{ line: 5, column: 15, endLine: 5, endColumn: 26, message: '"ubuntu-24.04"' }], name: 'in a list' },
    { code: wf('macos-12'), errors: [{ line: 5, column: 14, endLine: 5, endColumn: 22, message: 'retired in 2024-12' }] },
  ],
});
