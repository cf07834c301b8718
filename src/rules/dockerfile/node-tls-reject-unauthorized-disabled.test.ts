import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './node-tls-reject-unauthorized-disabled.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM a:1\nENV NODE_TLS_REJECT_UNAUTHORIZED=1\n'],
  invalid: [{ code: 'FROM a:1\nRUN export NODE_TLS_REJECT_UNAUTHORIZED=0 && npm ci\n', errors: [{ line: 2, column: 12, endColumn: 42 }] }],
});
