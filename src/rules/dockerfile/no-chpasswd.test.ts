import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './no-chpasswd.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM a:1\nRUN echo chpasswd\n'],
  invalid: [{ code: "FROM a:1\nRUN echo 'app:secret' | /usr/sbin/chpasswd\n", errors: [{ line: 2, column: 25, endColumn: 43 }] }],
});
