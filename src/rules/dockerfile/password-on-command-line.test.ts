import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './password-on-command-line.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM mysql:8.4\nHEALTHCHECK CMD mysqladmin ping -uroot -p"$MYSQL_ROOT_PASSWORD"\n',
    'FROM mysql:8.4\nRUN mysql -uroot -p --password mydb < /init.sql\n',
    'FROM debian:12\nRUN sqlcmd -S db -U sa -P "${SA_PASSWORD}" -Q "select 1"\n',
    'FROM debian:12\nRUN --mount=type=secret,id=pw app --password="$(cat /run/secrets/pw)"\n',
    'FROM debian:12\nRUN echo "$PW" | docker login -u me --password-stdin\n',
    'FROM debian:12\nRUN PGPASSWORD=$DB_PW psql -h db -c "select 1"\n',
    'FROM debian:12\nRUN apt-get install -y mysql-client\n',
    'FROM debian:12\nCMD ["app", "--password-file", "/run/secrets/pw"]\n',
  ],
  invalid: [
    { code: 'FROM mysql:8.4\nHEALTHCHECK CMD mysqladmin ping -h localhost -uroot -pS3cret\n', errors: [{ line: 2, column: 53, endColumn: 61, message: '`mysqladmin` is given a literal password (-p)', severity: 'high' }] },
    { name: 'a test file: medium', file: 'test/db/Dockerfile', code: 'FROM mysql:8.4\nHEALTHCHECK CMD mysqladmin ping -h localhost -uroot -pS3cret\n', errors: [{ line: 2, column: 53, endColumn: 61, severity: 'medium' }] },
    {
      name: 'the forms, tool by tool',
      code: 'FROM debian:12\nRUN sqlcmd -S db -U sa -P Passw0rd! -Q "select 1" \\\n && app --password=hunter2 \\\n && sshpass -p pw ssh host true \\\n && redis-cli -a s3cret ping \\\n && docker login -u me -p tok registry.example\n',
      errors: [
        { line: 2, column: 27, endColumn: 36, message: '(-P)' },
        { line: 3, column: 9, endColumn: 27, message: '(--password)' },
        { line: 4, column: 16, endColumn: 18 },
        { line: 5, column: 18, endColumn: 24, message: '`redis-cli`' },
        { line: 6, column: 27, endColumn: 30, message: '`docker`' },
      ],
    },
    {
      name: 'password variables set inline',
      code: 'FROM postgres:17\nRUN PGPASSWORD=S3cret psql -h db -c "select 1" && env MYSQL_PWD=pw mysql -e "select 1"\n',
      errors: [{ line: 2, column: 5, endColumn: 22, message: 'PGPASSWORD is set to a literal password' }, { line: 2, column: 55, endColumn: 67, message: 'MYSQL_PWD' }],
    },
    { name: 'exec form running a shell', code: 'FROM mysql:8.4\nCMD ["sh", "-c", "mysql -uroot -pS3cret < /init.sql"]\n', errors: [{ line: 2, column: 32, endColumn: 40, message: '`mysql`' }] },
    { name: 'exec form', code: 'FROM mysql:8.4\nHEALTHCHECK CMD ["mysqladmin", "ping", "-pS3cret"]\n', errors: [{ line: 2, column: 40, endColumn: 50 }] },
    { name: 'ONBUILD and sh -c', code: 'FROM debian:12\nONBUILD RUN sh -c "curl -u admin:admin123 https://repo.example/x"\n', errors: [{ line: 2, column: 28, endColumn: 42, message: '`curl`' }] },
  ],
});
