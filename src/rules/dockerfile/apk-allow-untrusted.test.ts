import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './apk-allow-untrusted.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM a:1\nRUN apk add --no-cache curl\n'],
  invalid: [{ code: 'FROM a:1\nRUN apk add --allow-untrusted /tmp/x.apk\n', errors: [{ line: 2, column: 13, endColumn: 30 }] }],
});
