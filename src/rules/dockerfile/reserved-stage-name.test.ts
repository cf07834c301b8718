import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './reserved-stage-name.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM a:1 AS base\n'],
  invalid: [{ code: 'FROM a:1 AS Context\n', errors: [{ line: 1, column: 13, endColumn: 20 }] }],
});
