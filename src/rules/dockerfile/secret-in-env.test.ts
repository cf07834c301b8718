import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './secret-in-env.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM a:1\nENV DB_PASSWORD_FILE=/run/secrets/db GPG_KEY=A035C8C19219BA82 PWD=/app\n', 'FROM a:1\nARG TOKEN\nENV TOKEN=$TOKEN\n', 'FROM a:1\nENV PUBLIC_TOKEN=pk_live_abc PUBLIC_KEY=ssh-ed25519\n',
    'FROM a:1\nENV DB_PASSWORD=/run/secrets/db_password APP_SECRET=./config/secret.txt\n',
    'FROM a:1\nENV AWS_ACCESS_KEY=AKIAIOSFODNN7EXAMPLE\n',
    // Not a live credential's shape: a Stripe test key, a short SG. string, a variable.
    'FROM a:1\nENV PAYMENTS=sk_test_Zq8Rt2Wm5Yn7Pb3Kc9Dx4Hv6 NOTE=SG.short MAILER=$MAILER_KEY\n'],
  invalid: [
    { code: 'FROM a:1\nENV API_KEY=\n', errors: [{ line: 2, column: 5, endColumn: 12, message: 'is empty here', severity: 'low' }] },
    { code: 'FROM a:1\nENV NODE_ENV=production DB_PASSWORD="s3cret"\n', errors: [{ line: 2, column: 25, endColumn: 36, message: 'DB_PASSWORD' }] },
    { code: 'FROM a:1\nENV GITHUB_TOKEN ghp_abcdef\n', errors: [{ line: 2, column: 5 }] },
    { name: 'the secret access key next to a key id', code: 'FROM a:1\nENV AWS_ACCESS_KEY=AKIAIOSFODNN7EXAMPLE AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n', errors: [{ line: 2, column: 41, endColumn: 62, message: 'AWS_SECRET_ACCESS_KEY' }] },
    { code: 'FROM a:1\nENV DB_PASSWORD=s3cr3t-value\n', errors: [{ line: 2, column: 5, severity: 'high' }], name: 'production file: high' },
    { name: 'a live credential by its shape, whatever the name', code: 'FROM a:1\nENV MAIL_PROVIDER=SG.abcdefghijABCDEFGHIJ12.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ PAYMENTS="sk_live_Zq8Rt2Wm5Yn7Pb3Kc9Dx4Hv6"\n', errors: [{ line: 2, column: 5, endColumn: 18, message: 'holds a SendGrid API key written in the file', severity: 'high' }, { line: 2, column: 89, message: 'Stripe live key' }] },
    { code: 'FROM a:1\nENV DB_PASSWORD=s3cr3t-value\n', file: 'e2e/Dockerfile', errors: [{ line: 2, column: 5, severity: 'medium' }], name: 'test file: medium' },
  ],
});
