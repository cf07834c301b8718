import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './image-not-pinned-by-digest.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM alpine:3.20@sha256:abc\n', 'FROM scratch\n', 'FROM a@sha256:abc AS b\nFROM b\n'],
  invalid: [{ code: 'FROM alpine:3.20\nFROM node:22\n', errors: [{ line: 1, column: 6 }, { line: 2, column: 6 }] }],
});
