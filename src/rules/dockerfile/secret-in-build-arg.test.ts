import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './secret-in-build-arg.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM a:1\nARG PUBLIC_TOKEN\nARG STRIPE_PUBLIC_KEY\n', 'FROM a:1\nARG VERSION=1\nARG TOKEN_URL\n', 'FROM a:1\nRUN --mount=type=secret,id=t cat /run/secrets/t\n', 'FROM a:1\nARG DB_PASSWORD=/run/secrets/db\nARG AWS_ACCESS_KEY=AKIAIOSFODNN7EXAMPLE\n'],
  invalid: [
    { code: 'FROM a:1\nARG AWS_ACCESS_KEY_ID\nARG AWS_SECRET_ACCESS_KEY\n', errors: [{ line: 2, column: 5, endColumn: 22 }, { line: 3, column: 5, endColumn: 26 }] },
    { code: 'FROM a:1\nARG SIGNING_PASSPHRASE\n', errors: [{ line: 2, column: 5, endColumn: 23 }] },
    { code: 'ARG BASE=a:1\nFROM ${BASE}\nARG NPM_TOKEN\nARG AWS_SECRET_ACCESS_KEY=x\n', errors: [{ line: 3, column: 5, endColumn: 14, severity: 'medium' }, { line: 4, column: 5, severity: 'high' }] },
    { name: 'a literal default is high, a declaration or a variable medium', code: 'FROM a:1\nARG NPM_TOKEN=npm_abc123\nARG API_KEY=${KEY}\nARG DB_PASSWORD=\n', errors: [{ line: 2, column: 5, severity: 'high' }, { line: 3, column: 5, severity: 'medium' }, { line: 4, column: 5, severity: 'medium' }] },
    { name: 'a literal default in a test file: medium', file: 'test/Dockerfile', code: 'FROM a:1\nARG NPM_TOKEN=npm_abc123\n', errors: [{ line: 2, column: 5, severity: 'medium' }] },
    { name: 'a default shaped like a live credential, whatever the name', code: 'FROM a:1\nARG PAYMENTS=sk_live_Zq8Rt2Wm5Yn7Pb3Kc9Dx4Hv6\nARG REGION=eu-west-1\n', errors: [{ line: 2, column: 5, endColumn: 13, message: 'defaults to a Stripe live key', severity: 'high' }] },
  ],
});
