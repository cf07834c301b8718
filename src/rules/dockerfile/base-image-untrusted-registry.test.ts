import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runAnalyzer } from '../../core/analyze.ts';
import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './base-image-untrusted-registry.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM node:22-alpine\nFROM docker.io/library/nginx:1.27\n',
    'FROM scratch\n',
    'FROM gcr.io/distroless/static:nonroot AS base\nFROM base\n',
    'ARG REGISTRY\nFROM ${REGISTRY}/app:1.0\n',
  ],
  invalid: [
    { code: 'FROM python:3.12\nFROM mirror.internal:5000/python:3.12 AS build\n', errors: [{ line: 2, column: 6, endColumn: 38, message: 'mirror.internal:5000' }] },
  ],
});

describe('CGD148 trusted_registries option', () => {
  const code = 'FROM node:22\nFROM registry.acme.io/base/java:21\nFROM quay.io/acme/tool:2\n';
  const lines = (list: readonly string[]) =>
    runAnalyzer(dockerfileAnalyzer, code, { helpBaseUrl: 'http://test', enable: [rule.meta.id], options: { CGD148: { trusted_registries: list } } }).run.findings
      .filter((f) => f.rule_id === rule.meta.id).map((f) => f.location.start_line);
  it('reports what the list leaves out; `*.` matches hosts under a domain; an empty list checks nothing', () => {
    assert.deepEqual(lines(['*.acme.io']), [1, 3]);
    assert.deepEqual(lines(['docker.io', 'registry.acme.io']), [3]);
    assert.deepEqual(lines([]), []);
    assert.deepEqual(lines(['*']), []);
  });
  it('checks images copied from and mounted too, not stages', () => {
    const code = 'FROM registry.acme.io/base:1 AS build\nCOPY --from=build /a /a\nCOPY --from=ghcr.io/tools/lint:2 /lint /usr/bin/\nRUN --mount=type=bind,from=quay.io/x/y:1,target=/y true\n';
    const found = runAnalyzer(dockerfileAnalyzer, code, { helpBaseUrl: 'http://test', enable: [rule.meta.id], options: { CGD148: { trusted_registries: ['registry.acme.io'] } } }).run.findings
      .filter((f) => f.rule_id === rule.meta.id).map((f) => `${f.location.start_line}:${f.location.start_column}`);
    assert.deepEqual(found, ['3:6', '4:5']);
  });
});
