import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './copy-from-own-stage.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM a:1 AS build\nFROM b:1 AS app\nCOPY --from=build /x /y\n'],
  invalid: [{ code: 'FROM a:1 AS App\nCOPY --from=app /x /y\n', errors: [{ line: 2, column: 13, endColumn: 16 }] }],
});
