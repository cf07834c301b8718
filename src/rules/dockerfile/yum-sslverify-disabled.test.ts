import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './yum-sslverify-disabled.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM a:1\nRUN dnf config-manager --setopt=x.enabled=1\n'],
  invalid: [{ name: 'dnf-config-manager, the option before --save', code: 'FROM a:1\nRUN dnf-config-manager --setopt=updates.sslverify=No --save\n', errors: [{ line: 2, column: 24, endColumn: 53 }] }, { code: 'FROM a:1\nRUN yum-config-manager --save --setopt=repo.sslverify=0\n', errors: [{ line: 2, column: 31, endColumn: 56 }] }],
});
