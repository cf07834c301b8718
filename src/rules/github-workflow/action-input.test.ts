import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './action-input.ts';

const wf = (step: string) => `on: push\npermissions: {}\njobs:\n  b:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: ${step}\n`;

testRule(workflowAnalyzer, rule, {
  valid: [
    wf('actions/checkout@v4\n        with:\n          fetch-depth: 0\n          Persist-Credentials: false\n'),
    wf('actions/cache@v4\n        with:\n          path: x\n          key: k\n          enableCrossOsArchive: true\n'),
    wf('actions/setup-node@v2\n        with:\n          node_version: 12\n'),
    wf('actions/cache/restore@v4\n        with:\n          key: k\n          path: x\n'),
    wf('someone/action@v1\n        with:\n          anything: 1\n'),
    wf('actions/checkout@main\n        with:\n          unknown: 1\n'),
  ],
  invalid: [
    { code: wf('actions/setup-node@v4\n        with:\n          node_version: 22\n'), errors: [{ line: 9, column: 11, endLine: 9, endColumn: 23, severity: 'medium', message: 'actions/setup-node v4 has no input "node_version"; GitHub ignores it.' }] },
    { code: wf('actions/cache@v4\n        with:\n          path: x\n'), errors: [{ line: 7, column: 15, endLine: 7, endColumn: 31, severity: 'high', message: 'requires the input "key"' }], name: 'a required input missing' },
    { code: wf('actions/github-script@60a0d83039c74a4aee543508d2ffcb1c3799cdea # v7.0.1\n'), errors: [{ line: 7, column: 15, severity: 'high', message: 'actions/github-script v7 requires the input "script"' }], name: 'by the version comment of a SHA pin' },
  ],
});
