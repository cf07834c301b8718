import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './wget-no-check-certificate.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM a:1\nRUN wget -k https://x\n'],
  invalid: [{ code: 'FROM a:1\nRUN wget -q --no-check-certificate https://x\n', errors: [{ line: 2, column: 13, endColumn: 35 }] }],
});
