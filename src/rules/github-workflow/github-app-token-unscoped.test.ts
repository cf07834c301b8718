import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './github-app-token-unscoped.ts';

const wf = (withs: string) => `on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/create-github-app-token@v2\n        with:\n          app-id: \${{ vars.APP_ID }}\n          private-key: \${{ secrets.APP_KEY }}\n${withs}`;

testRule(workflowAnalyzer, rule, {
  valid: [
    wf('          permission-contents: read\n'),
    wf('          owner: acme\n          repositories: api,web\n          permission-issues: write\n'),
    'on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/checkout@v4\n',
    "on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/create-github-app-token@v2\n        with:\n          app-id: ${{ vars.APP_ID }}\n          private-key: ${{ secrets.APP_KEY }}\n          owner: ${{ github.repository_owner }}\n          permission-members: read\n          permission-organization-projects: read\n",
  ],
  invalid: [
    { code: wf(''), errors: [{ line: 7, column: 15, endLine: 7, endColumn: 49, message: 'every permission of the app' }] },
    { code: wf('          owner: acme\n          permission-contents: read\n'), errors: [{ line: 11, column: 11, endLine: 11, endColumn: 16, message: 'every repository of owner "acme"' }], name: 'owner without repositories' },
    { code: "on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/create-github-app-token@v2\n        with:\n          app-id: ${{ vars.APP_ID }}\n          private-key: ${{ secrets.APP_KEY }}\n          permission-contents: read\n          skip-token-revoke: ${{ github.ref_name == 'main' }}\n", errors: [{ line: 12, column: 11, endColumn: 28, message: 'skip-token-revoke leaves the app token valid' }], name: 'the token not revoked' },
  ],
});
