import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './retired-action-version.ts';

const wf = (uses: string) => `on: push\npermissions: {}\njobs:\n  b:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: ${uses}\n`;

testRule(workflowAnalyzer, rule, {
  valid: [
    wf('actions/checkout@v4'), wf('actions/checkout@v4.2.1'), wf('actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2'),
    wf('actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683'), wf('actions/checkout@main'), wf('someone/checkout@v1'), wf('actions/cache@v3'),
  ],
  invalid: [
    { code: wf('actions/upload-artifact@v3'), errors: [{ line: 7, column: 38, endLine: 7, endColumn: 41, severity: 'high', message: 'actions/upload-artifact is v3: GitHub retired artifact actions v3 and older on 2025-01-30. Use v4 or later.' }] },
    { code: wf('actions/checkout@v2.3.4'), errors: [{ line: 7, column: 31, severity: 'medium', message: 'Node.js 16 or older' }], name: 'a retired runtime' },
    { code: wf('actions/setup-node@1a4442cacd436585916779262731d5b162bc6ec7 # v3.8.2'), errors: [{ line: 7, column: 33, severity: 'medium', message: 'v3' }], name: 'a SHA pin with its version comment' },
    { code: wf('github/codeql-action/init@v2'), errors: [{ line: 7, column: 40, message: 'CodeQL Action v2' }], name: 'an action of a path in the repository' },
    { code: wf('actions/stale@v4'), errors: [{ line: 7, column: 28, severity: 'medium', message: 'v4' }], name: 'actions/stale before v9' },
  ],
});
