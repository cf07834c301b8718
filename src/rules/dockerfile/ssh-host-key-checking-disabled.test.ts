import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './ssh-host-key-checking-disabled.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM a:1\nRUN ssh-keyscan github.com >> /root/.ssh/known_hosts\n'],
  invalid: [
    { code: 'FROM a:1\nRUN ssh -o StrictHostKeyChecking=no git@x true\n', errors: [{ line: 2, column: 12, endColumn: 36 }] },
    { code: 'FROM a:1\nRUN GIT_SSH_COMMAND="ssh -o StrictHostKeyChecking=no" git clone git@x:y\n', errors: [{ line: 2, column: 5 }] },
  ],
});
