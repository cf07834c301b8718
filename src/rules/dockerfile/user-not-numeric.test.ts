import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './user-not-numeric.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM alpine:3.20\nUSER 65534\n',
    'FROM alpine:3.20\nUSER 1000:1000\n',
    'FROM alpine:3.20\nARG UID=1000\nUSER $UID\n',
  ],
  invalid: [
    { code: 'FROM alpine:3.20\nUSER nobody\nUSER 1000:staff\n', errors: [{ line: 2, column: 6, endColumn: 12, message: '"nobody"' }, { line: 3, column: 6, endColumn: 16 }] },
  ],
});
