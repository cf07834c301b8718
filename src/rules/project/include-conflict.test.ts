import { testProjectRule } from '../../../test/support/project-rule-tester.ts';
import { rule } from './include-conflict.ts';

const db = (image: string) => `services:\n  db:\n    image: ${image}\n    volumes: [pgdata:/var/lib/postgresql/data]\nvolumes:\n  pgdata: {}\n`;

testProjectRule(rule, {
  valid: [
    { name: 'different names', files: [{ filename: 'compose.yaml', content: 'include:\n  - db.yaml\nservices:\n  web:\n    image: example/web:1.4\n' }, { filename: 'db.yaml', content: db('postgres:16.4') }] },
    { name: 'an override merged in the same entry', files: [{ filename: 'compose.yaml', content: 'include:\n  - path: [db.yaml, db-override.yaml]\n' }, { filename: 'db.yaml', content: db('postgres:16.4') }, { filename: 'db-override.yaml', content: 'services:\n  db:\n    image: postgres:17.0\n' }] },
    { name: 'the same file included twice', files: [{ filename: 'compose.yaml', content: 'include:\n  - db.yaml\n  - ./db.yaml\n' }, { filename: 'db.yaml', content: db('postgres:16.4') }] },
    { name: 'the included file not submitted: nothing to compare', files: [{ filename: 'compose.yaml', content: 'include:\n  - db.yaml\n' + db('postgres:17.0') }] },
  ],
  invalid: [
    {
      name: 'the including file redefines an included service and volume: reported at the include path',
      files: [{ filename: 'compose.yaml', content: 'include:\n  - db.yaml\nservices:\n  db:\n    image: postgres:17.0\nvolumes:\n  pgdata:\n    driver: local\n' }, { filename: 'db.yaml', content: db('postgres:16.4') }],
      errors: [
        { file: 'compose.yaml', line: 2, column: 5, endLine: 2, endColumn: 12, message: 'The service "db" that "db.yaml" brings in is also defined in this file: Compose refuses the project.' },
        { file: 'compose.yaml', line: 2, column: 5, endLine: 2, endColumn: 12, message: 'The volume "pgdata" that "db.yaml"' },
      ],
    },
    {
      name: 'two includes bring in different definitions; one brought in through a nested include',
      files: [
        { filename: 'compose.yaml', content: 'include:\n  - db.yaml\n  - path: legacy/compose.yaml\n' },
        { filename: 'db.yaml', content: db('postgres:16.4') },
        { filename: 'legacy/compose.yaml', content: 'include:\n  - old-db.yaml\n' },
        { filename: 'legacy/old-db.yaml', content: 'services:\n  db:\n    image: postgres:9.6\n' },
      ],
      errors: [{ file: 'compose.yaml', line: 3, column: 11, endLine: 3, endColumn: 30, message: 'The service "db" that "legacy/compose.yaml" brings in is also brought in by "db.yaml": Compose refuses the project.' }],
    },
    {
      name: 'a copied definition still conflicts (Compose compares the included one after loading it)',
      files: [{ filename: 'compose.yaml', content: 'include:\n  - db.yaml\nservices:\n  db:\n    image: postgres:16.4\n    volumes: [pgdata:/var/lib/postgresql/data]\n' }, { filename: 'db.yaml', content: db('postgres:16.4') }],
      errors: [{ file: 'compose.yaml', line: 2, column: 5, endLine: 2, endColumn: 12, message: 'The service "db" that "db.yaml" brings in is also defined in this file' }],
    },
    {
      name: 'two entries merging the same base with different overrides: compared entry by entry',
      files: [
        { filename: 'compose.yaml', content: 'include:\n  - path: [db.yaml, o1.yaml]\n  - path: [db.yaml, o2.yaml]\n' },
        { filename: 'db.yaml', content: db('postgres:16.4') },
        { filename: 'o1.yaml', content: 'services:\n  db:\n    restart: always\n' },
        { filename: 'o2.yaml', content: 'services:\n  db:\n    restart: "no"\n' },
      ],
      errors: [{ file: 'compose.yaml', line: 3, column: 12, endLine: 3, endColumn: 19, message: 'The service "db" that "[db.yaml, o2.yaml]" brings in is also brought in by "[db.yaml, o1.yaml]"' }],
    },
  ],
});
