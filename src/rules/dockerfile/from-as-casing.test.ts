import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './from-as-casing.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM a:1 AS b\n', 'from a:1 as b\n', 'From a:1 as b\n'],
  invalid: [{ code: 'FROM a:1 as b\n', errors: [{ line: 1, column: 10, endColumn: 12 }] }, { code: 'from a:1 AS b\n', errors: [{ line: 1, column: 10 }] }],
});
