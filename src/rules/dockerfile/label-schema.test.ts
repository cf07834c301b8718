import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runAnalyzer } from '../../core/analyze.ts';
import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './label-schema.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM alpine:3.20 AS base\nLABEL org.opencontainers.image.licenses="MIT OR (Apache-2.0 WITH LLVM-exception)"\nFROM base\nLABEL org.opencontainers.image.source=https://example.com/app.git extra=1\n',
    'FROM alpine:3.20\nARG SRC\nLABEL org.opencontainers.image.source=$SRC org.opencontainers.image.licenses=BSD-3-Clause\n',
  ],
  invalid: [
    { code: 'FROM alpine:3.20 AS build\nLABEL org.opencontainers.image.source=https://example.com/app\nFROM alpine:3.20\nLABEL org.opencontainers.image.licenses="GPL 2"\n', errors: [{ line: 3, column: 1, endColumn: 5, message: 'no "org.opencontainers.image.source" label' }, { line: 4, column: 41, endColumn: 48, message: 'an SPDX license expression' }] },
  ],
});

describe('CGD151 label_schema and strict_labels options', () => {
  const findings = (code: string, options: Record<string, readonly string[] | boolean>) =>
    runAnalyzer(dockerfileAnalyzer, code, { helpBaseUrl: 'http://test', enable: [rule.meta.id], options: { CGD151: options } }).run.findings
      .filter((f) => f.rule_id === rule.meta.id).map((f) => `${f.location.start_line}:${f.message}`);
  const code = 'FROM alpine:3.20\nLABEL built=2024-13-01T00:00:00Z commit=abc123 version=1.2 owner=team@example.com note=hi\n';
  it('checks each declared type', () => {
    assert.deepEqual(findings(code, { label_schema: ['built:rfc3339', 'commit:hash', 'version:semver', 'owner:email', 'note'] }), [
      '2:Label "built" should be an RFC 3339 time.',
      '2:Label "commit" should be a git commit hash.',
      '2:Label "version" should be a semantic version.',
    ]);
  });
  it('a fragment without FROM: its labels are checked, nothing is said missing', () => {
    assert.deepEqual(findings('LABEL home=example.com/app\n', { label_schema: ['home:url', 'owner:email'] }), ['1:Label "home" should be a URL.']);
  });
  it('strict_labels reports labels outside the schema', () => {
    assert.deepEqual(findings(code, { label_schema: ['owner:email'], strict_labels: true }).map((m) => m.replace(/^2:Label "(\w+)".*/, '$1')), ['built', 'commit', 'version', 'note']);
  });
});
