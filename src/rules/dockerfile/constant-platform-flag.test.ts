import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './constant-platform-flag.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM --platform=linux/arm64 alpine:3.20 AS tools-arm64\nRUN true\n', 'FROM --platform=$BUILDPLATFORM alpine:3.20\n', 'FROM --platform=${TARGETPLATFORM} alpine:3.20\n', 'FROM alpine:3.20\n'],
  invalid: [{ code: 'FROM --platform=linux/arm64 alpine:3.20\n', errors: [{ line: 1, column: 6, endColumn: 28, message: 'linux/arm64' }] }],
});
