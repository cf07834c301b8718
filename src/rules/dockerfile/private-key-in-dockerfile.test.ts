import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './private-key-in-dockerfile.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM a:1\nRUN echo "-----BEGIN PUBLIC KEY-----"\n'],
  invalid: [{ code: 'FROM a:1\nENV KEY="-----BEGIN RSA PRIVATE KEY-----"\n', errors: [{ line: 2, column: 10, endColumn: 41 }] }],
});
