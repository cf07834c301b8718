import { testProjectRule } from '../../../test/support/project-rule-tester.ts';
import { rule } from './undefined-name-across-includes.ts';

const including = (services: string) => `include:\n  - db/compose.yaml\nservices:\n  web:\n    image: example/web:1.4\n${services}`;
const db = 'services:\n  database:\n    image: postgres:16.4\n    volumes: [pgdata:/var/lib/postgresql/data]\nvolumes:\n  pgdata: {}\nnetworks:\n  backend: {}\nsecrets:\n  db_password:\n    file: ./password.txt\n';

testProjectRule(rule, {
  valid: [
    { name: 'every name defined by the file or what it includes', files: [{ filename: 'compose.yaml', content: including('    depends_on: [database]\n    networks: [backend, default, front]\n    secrets: [db_password]\n    volumes: [pgdata:/data, cache:/cache]\nnetworks:\n  front: {}\nvolumes:\n  cache: {}\n') }, { filename: 'db/compose.yaml', content: db }] },
    { name: 'defined two includes away', files: [{ filename: 'compose.yaml', content: including('    depends_on: [cache]\n') }, { filename: 'db/compose.yaml', content: 'include:\n  - ../cache.yaml\n' + db }, { filename: 'cache.yaml', content: 'services:\n  cache:\n    image: redis:7.4\n' }] },
    { name: 'an included file not submitted: it may define anything (CGP014)', files: [{ filename: 'compose.yaml', content: including('    depends_on: [anything]\n') }] },
    { name: 'an included file with syntax errors', files: [{ filename: 'compose.yaml', content: including('    depends_on: [anything]\n') }, { filename: 'db/compose.yaml', content: 'services:\n  database: [\n' }] },
    { name: 'a name from interpolation', files: [{ filename: 'compose.yaml', content: including('    depends_on: ["${DEP}"]\n') }, { filename: 'db/compose.yaml', content: db }] },
    { name: 'includes in a loop: the analysis ends and names are judged (the loop itself is CGP017)', files: [{ filename: 'compose.yaml', content: 'include:\n  - other.yaml\nservices:\n  web:\n    image: example/web:1.4\n    depends_on: [worker]\n' }, { filename: 'other.yaml', content: 'include:\n  - compose.yaml\nservices:\n  worker:\n    image: example/worker:1.4\n' }] },
    { name: 'an override merged over the base refers to what the base defines', files: [{ filename: 'compose.yaml', content: 'include:\n  - path: [db/compose.yaml, db-override.yaml]\n' }, { filename: 'db/compose.yaml', content: db }, { filename: 'db-override.yaml', content: 'services:\n  database:\n    volumes: [pgdata:/backup]\n  backup:\n    image: example/backup:1\n    depends_on: [database]\n    secrets: [db_password]\n' }] },
    { name: 'an override whose entry has an unsubmitted path: nothing claimed', files: [{ filename: 'compose.yaml', content: 'include:\n  - path: [db/compose.yaml, db-override.yaml]\n' }, { filename: 'db-override.yaml', content: 'services:\n  backup:\n    image: example/backup:1\n    depends_on: [anything]\n' }] },
    { name: 'an override beside its base uses what the base declares', files: [{ filename: 'docker-compose.yml', content: 'services:\n  web:\n    image: example/web:1.4\n    networks: [backend]\nnetworks:\n  backend: {}\nvolumes:\n  data: {}\n' }, { filename: 'docker-compose.staging.yml', content: 'services:\n  worker:\n    image: example/worker:1.4\n    depends_on: [web]\n    networks: [backend]\n    volumes: [data:/data]\n' }] },
    { name: 'no include: the single-file rules check the names', files: [{ filename: 'compose.yaml', content: 'services:\n  web:\n    image: example/web:1.4\n    depends_on: [nothing]\n' }] },
  ],
  invalid: [
    {
      name: 'an override merged over the base: judged against the whole entry, in the override file',
      files: [
        { filename: 'compose.yaml', content: 'include:\n  - path: [db/compose.yaml, db-override.yaml]\n  - path: [db/compose.yaml, db-override.yaml]\n' },
        { filename: 'db/compose.yaml', content: db },
        { filename: 'db-override.yaml', content: 'services:\n  backup:\n    image: example/backup:1\n    depends_on: [databse]\n' },
      ],
      errors: [{ file: 'db-override.yaml', line: 4, column: 18, endLine: 4, endColumn: 25, message: 'Service "backup" refers to service "databse", which no file of the include entry it is merged into ([db/compose.yaml, db-override.yaml]) defines.' }],
    },
    {
      name: 'an override beside its base: judged against the base and itself, in the override file',
      files: [
        { filename: 'compose.yaml', content: 'services:\n  web:\n    image: example/web:1.4\nnetworks:\n  backend: {}\n' },
        { filename: 'compose.override.yaml', content: 'services:\n  web:\n    networks: [backnd]\n' },
      ],
      errors: [{ file: 'compose.override.yaml', line: 3, column: 16, endLine: 3, endColumn: 22, message: 'Service "web" refers to network "backnd", which neither this file nor the files Compose merges it with (compose.yaml) define.' }],
    },
    {
      name: 'one of each kind, at the reference',
      files: [
        { filename: 'compose.yaml', content: including('    depends_on: [databse]\n    networks: [backnd]\n    secrets: [db_pasword]\n    configs: [nginx]\n    volumes: [pg_data:/data]\n') },
        { filename: 'db/compose.yaml', content: db },
      ],
      errors: [
        { file: 'compose.yaml', line: 6, column: 18, endLine: 6, endColumn: 25, message: 'Service "web" refers to service "databse", which neither this file nor the files it includes define.' },
        { file: 'compose.yaml', line: 7, column: 16, endLine: 7, endColumn: 22, message: 'network "backnd"' },
        { file: 'compose.yaml', line: 8, column: 15, endLine: 8, endColumn: 25, message: 'secret "db_pasword"' },
        { file: 'compose.yaml', line: 9, column: 15, endLine: 9, endColumn: 20, message: 'config "nginx"' },
        { file: 'compose.yaml', line: 10, column: 15, endLine: 10, endColumn: 22, message: 'volume "pg_data"' },
      ],
    },
    {
      name: 'a name only the including file\'s sibling defines is not included',
      files: [
        { filename: 'compose.yaml', content: including('    depends_on: [cache]\n') },
        { filename: 'db/compose.yaml', content: db },
        { filename: 'cache.yaml', content: 'services:\n  cache:\n    image: redis:7.4\n' },
      ],
      errors: [{ file: 'compose.yaml', line: 6, column: 18, endLine: 6, endColumn: 23, message: 'service "cache"' }],
    },
  ],
});
