import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './stage-name-casing.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM a:1 AS build-1\n', 'FROM a:1\n'],
  invalid: [{ code: 'FROM a:1 AS Build\n', errors: [{ line: 1, column: 13, endColumn: 18 }] }],
});
