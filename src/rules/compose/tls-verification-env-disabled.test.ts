import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './tls-verification-env-disabled.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  a:\n    image: x:1\n    environment:\n      X_TLS_INSECURE_SKIP_VERIFY: 'false'\n      NODE_TLS_REJECT_UNAUTHORIZED: '1'\n      PIP_SSL_VERIFY: ${VERIFY:-false}\n      GIT_SSL_NO_VERIFY:\n",
  ],
  invalid: [
    {
      code: "services:\n  a:\n    image: x:1\n    environment:\n      - OTEL_EXPORTER_TLS_INSECURE_SKIP_VERIFY=true\n      - NODE_TLS_REJECT_UNAUTHORIZED=0\n  b:\n    image: y:1\n    environment:\n      PYTHONHTTPSVERIFY: 0\n      GIT_SSL_NO_VERIFY: 'true'\n      APP_SSL_VERIFY: false\n      HTTP_INSECURE_SKIP_VERIFY: 1\n",
      errors: [
        { line: 5, column: 9, endColumn: 52, severity: 'high', message: 'Environment variable "OTEL_EXPORTER_TLS_INSECURE_SKIP_VERIFY" of service "a" turns TLS certificate verification off (true).' },
        { line: 6, column: 9, endColumn: 39, message: '"NODE_TLS_REJECT_UNAUTHORIZED" of service "a"' },
        { line: 10, column: 7, endColumn: 27, message: '"PYTHONHTTPSVERIFY" of service "b"' },
        { line: 11, column: 7, endColumn: 32, message: '"GIT_SSL_NO_VERIFY"' },
        { line: 12, column: 7, endColumn: 28, message: '"APP_SSL_VERIFY"' },
        { line: 13, column: 7, endColumn: 35, message: '"HTTP_INSECURE_SKIP_VERIFY"' },
      ],
    },
    { name: 'example file: still high', file: 'examples/compose.yaml', code: "services:\n  a:\n    image: x:1\n    environment:\n      - X_INSECURE_SKIP_VERIFY=true\n", errors: [{ line: 5, column: 9, endColumn: 36, severity: 'high' }] },
  ],
});
