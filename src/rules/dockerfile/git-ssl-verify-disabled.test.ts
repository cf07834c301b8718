import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './git-ssl-verify-disabled.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM a:1\nRUN git config --global http.sslCAInfo /ca.pem\n', 'FROM a:1\nRUN git config --global http.sslVerify true\n'],
  invalid: [
    { code: 'FROM a:1\nENV GIT_SSL_NO_VERIFY=true\n', errors: [{ line: 2, column: 5 }] },
    { code: 'FROM a:1\nRUN git -c http.sslVerify=false clone https://x && git config --global http.sslverify 0\n', errors: [{ line: 2, column: 12, endColumn: 32 }, { line: 2, column: 72 }] },
  ],
});
