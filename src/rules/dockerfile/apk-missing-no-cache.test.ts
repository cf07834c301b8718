import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './apk-missing-no-cache.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM alpine:3.20\nRUN --mount=type=tmpfs,target=/var/cache/apk apk add curl=8.11.0-r2\n',
    'FROM alpine\nRUN apk add --simulate curl\n',
    'FROM alpine\nRUN apk add --no-cache curl\n',
    'FROM alpine\nRUN apk --no-cache add curl\n',
    'FROM alpine\nRUN --mount=type=cache,target=/var/cache/apk apk add curl\n',
    'FROM alpine\nRUN apk add curl && rm -rf /var/cache/apk/*\n',
    'FROM alpine\nRUN apk add curl && apk cache clean\n',
    'FROM alpine AS build\nRUN apk add gcc\nFROM scratch\nCOPY --from=build /x /x\n',
  ],
  invalid: [
    { code: 'FROM alpine\nRUN apk update && apk add --virtual .deps curl\n', errors: [{ line: 2, column: 19, endColumn: 26 }] },
    { code: 'FROM alpine\nRUN rm -rf /var/cache/apk/* && apk add curl\n', errors: [{ line: 2, column: 32, endColumn: 39 }] },
  ],
});
