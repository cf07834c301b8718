import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './destructive-rm-root.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM a:1\nRUN rm -rf /tmp/* /var/lib/apt/lists/*\n', 'FROM a:1\nRUN rm -f /\n', 'FROM a:1\nRUN rm -rf $DIR/\n'],
  invalid: [{ code: 'FROM a:1\nRUN rm -rf /*\n', errors: [{ line: 2, column: 12, endColumn: 14 }] }, { code: 'FROM a:1\nRUN rm -r --no-preserve-root "$X"\n', errors: [{ line: 2, column: 11 }] }],
});
