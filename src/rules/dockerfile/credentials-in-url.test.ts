import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './credentials-in-url.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM a:1\nRUN git clone https://oauth2:${TOKEN}@gitlab.com/x.git\n', 'FROM a:1\nRUN curl https://example.com/a:b@c\n', 'FROM a:1\nRUN echo user@host:path\n'],
  invalid: [
    { code: 'FROM a:1\nRUN pip install --index-url https://bob:pa55@pypi.acme.dev/simple app\n', errors: [{ line: 2, column: 29, endColumn: 66 }] },
    { code: 'FROM a:1\nENV DATABASE_URL=postgres://app:secret@db/app\n', errors: [{ line: 2, column: 18 }] },
    { code: 'FROM a:1\nENV DATABASE_URL=postgres://app:secret@db/app\n', file: 'demo/Dockerfile', errors: [{ line: 2, column: 18, severity: 'medium' }], name: 'demo file: medium' },
    { code: 'FROM a:1\nENV DATABASE_URL=postgresql://user:pass@localhost:5432/dummy\n', errors: [{ line: 2, column: 18, severity: 'medium' }], name: 'loopback placeholder: medium' },
    { code: 'FROM a:1\nENV DATABASE_URL=postgresql://user:pass@127.0.0.1/x\n', errors: [{ line: 2, column: 18, severity: 'medium' }], name: 'loopback address: medium' },
    { code: 'FROM a:1\nRUN git clone https://deploy:ghp_abc123@github.com/acme/app.git\n', errors: [{ line: 2, column: 15, severity: 'high' }], name: 'remote host: high' },
  ],
});
