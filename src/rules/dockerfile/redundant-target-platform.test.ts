import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './redundant-target-platform.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM alpine:3.20\n',
    'FROM --platform=$BUILDPLATFORM golang:1.23\n',
    'FROM --platform=${TARGETOS}/${TARGETARCH} alpine:3.20\n',
    'FROM --platform=linux/arm64 alpine:3.20\n',
  ],
  invalid: [
    { code: 'FROM --platform=${TARGETPLATFORM} node:22 AS app\n', errors: [{ line: 1, column: 6, endColumn: 34, message: '${TARGETPLATFORM}' }] },
  ],
});
