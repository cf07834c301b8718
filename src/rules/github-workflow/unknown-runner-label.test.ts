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
    wf('[self-hosted, linux, ubuntu-latest]'),
    wf('ubuntu-gpu'),
    'on: push\npermissions: {}\njobs:\n  j:\n    strategy:\n      matrix:\n        os: [ubuntu-latest, windows-latest]\n    runs-on: [\'${{ matrix.os }}\', x64]\n    steps:\n      - run: make\n',
  ],
  invalid: [
    { code: wf('ubuntu-20.04'), errors: [{ line: 5, column: 14, endLine: 5, endColumn: 26, message: 'Runner label "ubuntu-20.04" names a GitHub-hosted image retired in 2025-04' }] },
    { code: wf('ubuntu-lastest'), errors: [{ line: 5, column: 14, endLine: 5, endColumn: 28, message: 'did you mean "ubuntu-latest"?' }], name: 'a typo' },
    { code: wf('[ubuntu-24.4]'), errors: [{ line: 5, column: 15, endLine: 5, endColumn: 26, message: '"ubuntu-24.04"' }], name: 'in a list' },
    { code: wf('macos-12'), errors: [{ line: 5, column: 14, endLine: 5, endColumn: 22, message: 'retired in 2024-12' }] },
    { code: wf('ubuntu-oldest'), errors: [{ line: 5, column: 14, endLine: 5, endColumn: 27, message: 'GitHub has none of that name' }], name: 'a system and an alias of no image' },
    { code: wf('[ubuntu-latest, windows-latest, macos-latest]'), errors: [{ line: 5, column: 30, endColumn: 44, message: '"windows-latest" and "ubuntu-latest" are GitHub-hosted images of different systems' }, { line: 5, column: 46, endColumn: 58 }], name: 'two systems in one list' },
    { code: 'on: push\npermissions: {}\njobs:\n  j:\n    strategy:\n      matrix:\n        os: [windows-latest, ubuntu-24.04]\n    runs-on: [ubuntu-latest, \'${{ matrix.os }}\']\n    steps:\n      - run: make\n', errors: [{ line: 7, column: 14, endColumn: 28, message: '"windows-latest" and "ubuntu-latest"' }], name: 'a matrix value against a fixed label' },
    { code: wf("['x64', '']"), errors: [{ line: 5, column: 22, endColumn: 24, message: 'Runner label is empty' }], name: 'an empty label' },
    { code: wf("{group: ci, labels: [x64, '']}"), errors: [{ line: 5, column: 40, endColumn: 42, message: 'empty' }], name: 'an empty label of a group' },
    { code: "on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ''\n    steps:\n      - run: make\n", errors: [{ line: 5, column: 14, endColumn: 16, message: 'empty' }], name: 'an empty runs-on' },
    { code: wf('[]'), errors: [{ line: 5, column: 14, endColumn: 16, message: 'an empty list' }], name: 'an empty list' },
    { code: wf('{group: ci, labels: []}'), errors: [{ line: 5, column: 34, endColumn: 36, message: 'an empty list' }], name: 'an empty list of a group' },
  ],
});
