import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './duplicate-stage-name.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM a:1 AS x\nFROM b:1 AS y\n'],
  invalid: [{ code: 'FROM a:1 AS build\nFROM b:1 AS BUILD\n', errors: [{ line: 2, column: 13, endColumn: 18, message: 'line 1' }] }],
});
