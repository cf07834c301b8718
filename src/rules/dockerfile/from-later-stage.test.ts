import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './from-later-stage.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM a:1 AS base\nFROM base\n', 'FROM base:1\nFROM a:1 AS base\n'],
  invalid: [{ code: 'FROM base\nFROM a:1 AS base\n', errors: [{ line: 1, column: 6, endColumn: 10, message: 'line 2' }] }],
});
