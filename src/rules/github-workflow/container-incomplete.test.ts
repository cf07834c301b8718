import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './container-incomplete.ts';

const job = (container: string) => `on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n${container}    steps:\n      - run: make\n`;

testRule(workflowAnalyzer, rule, {
  valid: [
    job('    container: node:22\n'),
    job('    container: null\n'),
    job('    container:\n      image: node:22\n      credentials:\n        username: ci\n        password: ${{ secrets.PW }}\n'),
    job('    container: ${{ matrix.image }}\n'),
    job('    container:\n      image: ${{ inputs.image }}\n'),
    job('    services:\n      db:\n        image: postgres:17\n'),
    job('    container:\n      image: node:22\n      credentials: ${{ fromJSON(secrets.CREDS) }}\n'),
  ],
  invalid: [
    { code: job('    container: {}\n'), errors: [{ line: 6, column: 16, endColumn: 18, message: 'The container of job "j" has no image' }] },
    { code: job('    container:\n'), errors: [{ line: 6, column: 5, endColumn: 14 }], name: 'no value' },
    { code: job("    container: ''\n"), errors: [{ line: 6, column: 16, endColumn: 18 }], name: 'an empty string' },
    { code: job('    container:\n      env:\n        A: b\n'), errors: [{ line: 6, column: 5, endColumn: 14, message: 'has no image' }], name: 'a mapping without image' },
    { code: job('    container:\n      image: node:22\n      credentials:\n        username: ci\n'), errors: [{ line: 8, column: 7, endColumn: 18, message: 'The credentials of the container of job "j" lack password' }], name: 'credentials without password' },
    { code: job('    container:\n      image: node:22\n      credentials:\n'), errors: [{ line: 8, column: 7, endColumn: 18, message: 'lack username and password' }], name: 'empty credentials' },
    { code: job('    services:\n      redis:\n'), errors: [{ line: 7, column: 7, message: 'The service "redis" of job "j" has no image' }], name: 'a service with nothing' },
  ],
});
