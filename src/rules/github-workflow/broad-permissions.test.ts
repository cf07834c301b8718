import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './broad-permissions.ts';

const JOBS = 'jobs:\n  a:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n  b:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n';

testRule(workflowAnalyzer, rule, {
  valid: [
    `on: push\npermissions:\n  contents: read\n${JOBS}`,
    'on: push\npermissions:\n  contents: write\njobs:\n  a:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n',
    'on: push\npermissions: {}\njobs:\n  a:\n    runs-on: ubuntu-24.04\n    permissions:\n      contents: write\n    steps:\n      - run: make\n',
    `on: push\npermissions: write-all\n${JOBS}`,
    'on: push\npermissions:\n  contents: write\njobs:\n  a:\n    runs-on: ubuntu-24.04\n    permissions: {}\n    steps:\n      - run: make\n  b:\n    runs-on: ubuntu-24.04\n    permissions:\n      contents: write\n    steps:\n      - run: make\n',
  ],
  invalid: [
    { code: `on: push\npermissions:\n  contents: write\n  issues: read\n  id-token: write\n${JOBS}`, errors: [{ line: 3, column: 3, endLine: 3, endColumn: 18, message: '"contents: write" at the workflow level is granted to every job without permissions of its own (2 of 2 now', severity: 'medium' }, { line: 5, column: 3, endColumn: 18 }] },
    { code: 'on: push\npermissions: read-all\njobs:\n  a:\n    runs-on: ubuntu-24.04\n    permissions: read-all\n    steps:\n      - run: make\n', errors: [{ line: 2, column: 14, endColumn: 22, message: 'name the ones the jobs need', severity: 'low' }, { line: 6, column: 18, endColumn: 26, message: 'the job needs', severity: 'low' }], name: 'read-all' },
    // A level in the wrong case is refused by GitHub (CGW026 fixes it); the grant is judged as meant, so the fix reveals nothing new.
    { code: `on: push\npermissions:\n  contents: WRITE\n${JOBS}`, errors: [{ line: 3, column: 3, endLine: 3, endColumn: 18, message: '"contents: write" at the workflow level' }], name: 'WRITE, as meant' },
  ],
});
