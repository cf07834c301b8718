import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './setup-tool-unversioned.ts';

const wf = (steps: string) => `on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n${steps}      - run: make\n`;

testRule(workflowAnalyzer, rule, {
  valid: [
    wf('      - uses: actions/setup-node@v4\n        with:\n          node-version: 22\n'),
    wf('      - uses: actions/setup-python@v5\n        with:\n          python-version-file: .python-version\n'),
    wf("      - uses: actions/setup-go@v5\n        with:\n          go-version: ${{ matrix.go }}\n"),
    wf('      - uses: ruby/setup-ruby@v1\n      - uses: pnpm/action-setup@v4\n      - uses: actions/setup-python@v5\n'),
    wf('      - uses: actions/checkout@v4\n'),
    "on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: aquasecurity/setup-trivy@v0.2.6\n        if: false\n      - uses: actions/setup-go@v5\n        if: ${{ false }}\n",
  ],
  invalid: [
    { code: wf('      - uses: actions/setup-node@v4\n        with:\n          cache: npm\n'), errors: [{ line: 7, column: 15, endLine: 7, endColumn: 36, message: 'actions/setup-node is given no version (node-version or node-version-file)' }] },
    { code: wf('      - uses: HashiCorp/setup-terraform@v3\n      - uses: azure/setup-helm@v4\n'), errors: [{ line: 7, column: 15, endLine: 7, endColumn: 43, message: 'hashicorp/setup-terraform' }, { line: 8, column: 15, endLine: 8, endColumn: 34, message: 'azure/setup-helm is given no version (version)' }], name: 'owner case, several actions' },
    { code: "on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: aquasecurity/setup-trivy@v0.2.6\n      - uses: 1password/load-secrets-action@v4\n        with:\n          version: latest\n", errors: [{ line: 7, column: 15, message: 'aquasecurity/setup-trivy is given no version' }, { line: 10, column: 20, endColumn: 26, message: 'given version: latest, which is no version' }], name: 'trivy, 1password, an explicit latest' },
  ],
});
