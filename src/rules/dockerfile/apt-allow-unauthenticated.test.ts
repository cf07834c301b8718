import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './apt-allow-unauthenticated.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM a:1\nRUN apt-get install -y x\n'],
  invalid: [{ code: 'FROM a:1\nRUN apt-get update && apt-get install -y --allow-unauthenticated x\n', errors: [{ line: 2, column: 42, endColumn: 65 }] }],
});
