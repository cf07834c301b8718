import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './apk-unpinned-package.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM alpine\nRUN apk add --no-cache curl=8.9.1-r2 git~2.45 "bash>5"\n',
    'FROM alpine\nRUN apk add --allow-untrusted /tmp/pkg.apk\n',
    'FROM alpine\nRUN apk add $DEPS\n',
  ],
  invalid: [
    { code: 'FROM alpine\nRUN apk add --no-cache --virtual .build-deps gcc=13 make\n', errors: [{ line: 2, column: 53, endColumn: 57, message: '`make`' }] },
  ],
});
