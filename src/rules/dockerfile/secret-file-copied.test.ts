import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './secret-file-copied.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM a:1\nCOPY . /app\nCOPY .env.example config/app.pem /app/\n',
    'FROM a:1 AS b\nFROM a:1\nCOPY --from=b /root/.npmrc /x\n',
    'FROM a:1\nADD nginx_public_keys.key /tmp/nginx_public_keys.key\n',
    'FROM a:1\nADD yarn-pubkey.gpg.key /usr/share/keyrings/yarn.asc\n',
    'FROM a:1\nADD vendor-repo.gpg.key /tmp/\n',
    'FROM a:1\nCOPY vendor-2026.key /war/vendor-key.pub\n',
    'FROM a:1\nCOPY ["signing.key", "/etc/apt/keyrings/"]\n',
  ],
  invalid: [
    { code: 'FROM a:1\nCOPY id_rsa .npmrc /root/\n', errors: [{ line: 2, column: 6, endColumn: 12, message: 'id_rsa' }, { line: 2, column: 13, message: '.npmrc' }] },
    { code: 'FROM a:1\nADD ["certs/server.key", ".env.production", "/etc/app/"]\n', errors: [{ line: 2, column: 6 }, { line: 2, column: 26 }] },
    { code: 'FROM a:1\nCOPY ~/.aws/ /root/.aws/\n', errors: [{ line: 2, column: 6 }] },
    { code: 'FROM a:1\nCOPY server.key /etc/ssl/\n', errors: [{ line: 2, column: 6, severity: 'high' }], name: 'private key: high' },
    { code: 'FROM a:1\nCOPY files/selfsigned.key /home/\n', file: 'docker/devenv/Dockerfile', errors: [{ line: 2, column: 6, severity: 'medium' }], name: 'development file: medium' },
  ],
});
