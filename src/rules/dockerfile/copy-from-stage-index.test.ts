import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './copy-from-stage-index.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM golang:1.23 AS build\nFROM alpine:3.20\nCOPY --from=build /app /app\n',
    'FROM alpine:3.20\nCOPY --from=nginx:1.27 /etc/nginx/nginx.conf /etc/\n',
  ],
  invalid: [
    { code: 'FROM golang:1.23\nFROM node:22 AS web\nFROM alpine:3.20\nCOPY --from=1 /dist /srv\nCOPY --chown=app --from=0 /app /app\n', errors: [{ line: 4, column: 13, endColumn: 14, message: '--from=1' }, { line: 5, column: 25, endColumn: 26 }] },
  ],
});
