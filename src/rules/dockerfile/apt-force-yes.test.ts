import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './apt-force-yes.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM a:1\nRUN apt-get install -y x\n'],
  invalid: [{ code: 'FROM a:1\nRUN apt-get install --force-yes x\n', errors: [{ line: 2, column: 21, endColumn: 32 }] }],
});
