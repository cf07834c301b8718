import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './tls-verification-env-disabled.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM a:1\nENV X_TLS_INSECURE_SKIP_VERIFY=false PIP_SSL_VERIFY=true\n',
    // Variables with a rule of their own are not reported twice.
    'FROM a:1\nENV NODE_TLS_REJECT_UNAUTHORIZED=0 PYTHONHTTPSVERIFY=0 GIT_SSL_NO_VERIFY=1\n',
  ],
  invalid: [
    {
      code: 'FROM a:1\nENV X_TLS_INSECURE_SKIP_VERIFY=true\nARG PIP_SSL_VERIFY=false\nRUN INSECURE_SKIP_VERIFY=1 make\n',
      errors: [
        { line: 2, column: 5, endColumn: 36, severity: 'high', message: 'X_TLS_INSECURE_SKIP_VERIFY=true turns TLS certificate verification off.' },
        { line: 3, column: 5, endColumn: 25, message: 'PIP_SSL_VERIFY=false turns TLS certificate verification off.' },
        { line: 4, column: 5, endColumn: 27, message: 'INSECURE_SKIP_VERIFY=1 turns TLS certificate verification off.' },
      ],
    },
    { name: 'development file: still high', file: 'dev/Dockerfile', code: 'FROM a:1\nENV X_INSECURE_SKIP_VERIFY=true\n', errors: [{ line: 2, column: 5, endColumn: 32, severity: 'high' }] },
  ],
});
