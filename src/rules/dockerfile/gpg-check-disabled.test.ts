import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './gpg-check-disabled.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM a:1\nRUN dnf install -y x\n'],
  invalid: [{ code: 'FROM a:1\nRUN yum --nogpgcheck install -y x && zypper --no-gpg-checks in y\n', errors: [{ line: 2, column: 9 }, { line: 2, column: 45 }] }],
});
