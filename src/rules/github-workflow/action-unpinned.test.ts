import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runAnalyzer } from '../../core/analyze.ts';
import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './action-unpinned.ts';

testRule(workflowAnalyzer, rule, {
  valid: [
    "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/checkout@v4\n",
    "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: example/a@v1.2.3\n",
    "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: example/a@8f4b7f84864484a7bf31766abe9204da3cbe65b3\n",
    "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: ./local/action\n",
    "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: example/a@release-1.0\n",
    "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: docker://alpine:3.20\n",
  ],
  invalid: [
    { code: "on: push\npermissions: {}\njobs:\n  publish:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: pypa/gh-action-pypi-publish@release/v1\n", errors: [{ line: 7, column: 42, endLine: 7, endColumn: 53, message: '"release/v1"', severity: 'high' }], name: "release/v1 is a branch" },
    { code: "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: example/lint@main\n", errors: [{ line: 7, column: 27, endLine: 7, endColumn: 32, message: "reads as a branch", severity: 'high' }] },
    { code: "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: example/lint\n", errors: [{ line: 7, column: 15, endLine: 7, endColumn: 27, message: "has no ref" }], name: "no ref" },
    { code: "on: push\npermissions: {}\njobs:\n  call:\n    uses: example/workflows/.github/workflows/ci.yml@develop\n", errors: [{ line: 5, column: 53, endLine: 5, endColumn: 61, message: "reusable workflow" }], name: "reusable workflow on a branch" },
    { code: "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/checkout@main\n", errors: [{ line: 7, column: 31, endLine: 7, endColumn: 36, message: 'GitHub-owned action', severity: 'medium' }], name: "a GitHub action on a branch is unpinned too, at medium" },
    { code: "on: push\npermissions: {}\njobs:\n  call:\n    if: github.repository_owner == 'Acme'\n    uses: acme/workflows/.github/workflows/ci.yml@main\n  lint:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: other/lint@master\n", errors: [{ line: 6, column: 50, endLine: 6, endColumn: 55, message: 'first-party reusable workflow', severity: 'medium' }, { line: 10, column: 25, endLine: 10, endColumn: 32, message: 'third-party action', severity: 'high' }], name: "the owner the workflow names as its own (github.repository_owner): medium; another owner: high" },
    { code: "on: push\npermissions: {}\njobs:\n  lint:\n    if: ${{ github.repository == 'acme/app' }}\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: acme/lint@main\n", errors: [{ line: 8, column: 24, endLine: 8, endColumn: 29, severity: 'medium' }], name: "the owner of github.repository" },
    { code: "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: 'example/lint@main'  # pinned later\n", errors: [{ line: 7, column: 28, endLine: 7, endColumn: 33 }], name: "quoted" },
  ],
});

describe('CGW003 first_party_owners option', () => {
  const code = "on: push\npermissions: {}\njobs:\n  lint:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: Acme/lint@main\n      - uses: other/lint@main\n";
  const severities = (options?: Record<string, Record<string, readonly string[]>>) =>
    runAnalyzer(workflowAnalyzer, code, { helpBaseUrl: 'http://test', enable: [rule.meta.id], ...(options ? { options } : {}) }).run.findings
      .filter((f) => f.rule_id === rule.meta.id).map((f) => [f.location.start_line, f.severity]);
  it('names owners whose unpinned actions are medium (compared without case); others stay high', () => {
    assert.deepEqual(severities(), [[7, 'high'], [8, 'high']]);
    assert.deepEqual(severities({ CGW003: { first_party_owners: ['acme'] } }), [[7, 'medium'], [8, 'high']]);
  });
});
