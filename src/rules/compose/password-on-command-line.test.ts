import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './password-on-command-line.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    'services:\n  db:\n    image: mysql:8.4\n    healthcheck:\n      test: ["CMD-SHELL", "mysqladmin ping -uroot -p$$MYSQL_ROOT_PASSWORD"]\n',
    'services:\n  db:\n    image: mysql:8.4\n    healthcheck:\n      test: mysqladmin ping -uroot -p${MYSQL_ROOT_PASSWORD}\n',
    'services:\n  app:\n    image: example/app:1.0\n    command: ["app", "--password-file", "/run/secrets/pw"]\n    entrypoint: sh -c \'exec app --password="$$(cat /run/secrets/pw)"\'\n',
    'services:\n  db:\n    image: mysql:8.4\n    command: --default-authentication-plugin=mysql_native_password\n',
  ],
  invalid: [
    { code: 'services:\n  db:\n    image: mysql:8.4\n    healthcheck:\n      test: ["CMD", "mysqladmin", "ping", "-uroot", "-pS3cret"]\n', errors: [{ line: 5, column: 53, endColumn: 63, message: 'The healthcheck of service "db" gives `mysqladmin` a literal password (-p)', severity: 'high' }] },
    { name: 'an example file: medium', file: 'examples/mysql/compose.yaml', code: 'services:\n  db:\n    image: mysql:8.4\n    healthcheck:\n      test: ["CMD", "mysqladmin", "ping", "-uroot", "-pS3cret"]\n', errors: [{ line: 5, column: 53, endColumn: 63, severity: 'medium' }] },
    {
      name: 'CMD-SHELL, string test, command and entrypoint strings',
      code: 'services:\n  db:\n    image: mcr.microsoft.com/mssql/server:2022-latest\n    healthcheck:\n      test: ["CMD-SHELL", "/opt/mssql-tools/bin/sqlcmd -S localhost -U sa -P Passw0rd -Q \'SELECT 1\'"]\n  cache:\n    image: redis:7.4\n    healthcheck:\n      test: redis-cli -a s3cret ping\n    command: redis-server --requirepass s3cret\n  app:\n    image: example/app:1.0\n    entrypoint: PGPASSWORD=pw psql -h db\n',
      errors: [
        { line: 5, column: 78, endColumn: 86, message: '`sqlcmd` a literal password (-P)' },
        { line: 10, column: 41, endColumn: 47, message: 'The command of service "cache" gives `redis-server` a literal password (--requirepass)' },
        { line: 9, column: 26, endColumn: 32, message: 'The healthcheck of service "cache"' },
        { line: 13, column: 17, endColumn: 30, message: 'The entrypoint of service "app" sets PGPASSWORD to a literal password' },
      ],
    },
    { name: 'sh -c in a list', code: 'services:\n  app:\n    image: example/app:1.0\n    command: ["sh", "-c", "app --password=hunter2"]\n', errors: [{ line: 4, column: 32, endColumn: 50, message: '(--password)' }] },
  ],
});
