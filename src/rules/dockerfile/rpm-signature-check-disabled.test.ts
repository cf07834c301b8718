import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './rpm-signature-check-disabled.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM a:1\nRUN rpm -i x.rpm\n'],
  invalid: [{ code: 'FROM a:1\nRUN rpm -ivh --nodigest x.rpm\n', errors: [{ line: 2, column: 14, endColumn: 24 }] }],
});
