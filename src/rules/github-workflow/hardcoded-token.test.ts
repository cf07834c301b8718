import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './hardcoded-token.ts';

const wf = (env: string) => `on: push\npermissions: {}\njobs:\n  b:\n    runs-on: ubuntu-24.04\n    env:\n      T: ${env}\n    steps: [{run: make}]\n`;

testRule(workflowAnalyzer, rule, {
  valid: [wf('${{ secrets.T }}'), wf('ghp_short'), wf('changeme'), wf('"-----BEGIN PUBLIC KEY-----"')],
  invalid: [
    { code: wf('ghp_abcdefghijklmnopqrstuvwxyz0123456789'), errors: [{ line: 7, column: 10, endLine: 7, endColumn: 50, message: 'A GitHub token is written' }] },
    { code: wf('xoxb-1234567890-abcdefghij'), errors: [{ line: 7, column: 10, message: 'Slack token' }], name: 'a Slack token' },
    {
      code: 'on: push\npermissions: {}\njobs:\n  b:\n    runs-on: ubuntu-24.04\n    env:\n      T: &t ghp_abcdefghijklmnopqrstuvwxyz0123456789\n    steps:\n      - run: make\n        env: {U: *t}\n',
      errors: [{ line: 7, column: 13, message: 'GitHub token' }, { line: 7, column: 13, message: 'GitHub token' }],
      name: 'a value an alias repeats is reported where it is written, once per use (the rule walks the tree itself then)',
    },
    { code: 'on: push\npermissions: {}\njobs:\n  b:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n        with: [x, {k: npm_abcdefghijklmnopqrstuvwxyz0123456789}]\n', errors: [{ line: 8, column: 23, message: 'npm token' }], name: 'in a flow collection' },
    { code: "on: push\npermissions: {}\njobs:\n  b:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: |\n          cat > key <<EOF\n          -----BEGIN OPENSSH PRIVATE KEY-----\n          EOF\n", errors: [{ line: 7, column: 14, message: 'private key' }], name: 'a private key in a script' },
  ],
});
