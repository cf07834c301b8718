import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './package-update-alone.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM debian\nRUN apt-get update && apt-get install -y curl\n',
    'FROM debian\nRUN apt-get update && ./install-deps.sh\n',
    'FROM alpine\nRUN apk update && apk add curl\n',
    'FROM debian\nRUN <<EOF\nset -e\napt-get update\napt-get install -y curl\nEOF\n',
  ],
  invalid: [
    { code: 'FROM debian\nRUN apt-get update\nRUN apt-get install -y curl\n', errors: [{ line: 2, column: 5, endColumn: 19, message: '`apt-get update`' }] },
    { code: 'FROM alpine\nRUN set -eux; apk update; echo done\n', errors: [{ line: 2, column: 15, endColumn: 25, message: '`apk update`' }] },
    { code: 'FROM debian\nRUN apt-get -q update && apt update\n', errors: [{ line: 2, column: 5, endColumn: 22 }, { line: 2, column: 26, endColumn: 36 }] },
  ],
});
