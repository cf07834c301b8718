import { testProjectRule } from '../../../test/support/project-rule-tester.ts';
import { rule } from './include-file-not-submitted.ts';

const db = 'services:\n  db:\n    image: postgres:16.4\n';

testProjectRule(rule, {
  valid: [
    { name: 'the included file was submitted', files: [{ filename: 'compose.yaml', content: 'include:\n  - db.yaml\n' }, { filename: 'db.yaml', content: db }] },
    { name: 'long syntax, a path relative to the including file, `./` in the submitted name', files: [{ filename: 'app/compose.yaml', content: 'include:\n  - path: ../shared/db.yaml\n' }, { filename: './shared/db.yaml', content: db }] },
    { name: 'every path of a merged entry submitted', files: [{ filename: 'compose.yaml', content: 'include:\n  - path: [db.yaml, db-override.yaml]\n' }, { filename: 'db.yaml', content: db }, { filename: 'db-override.yaml', content: db }] },
    { name: 'no include', files: [{ filename: 'compose.yaml', content: db }] },
  ],
  invalid: [
    {
      name: 'short syntax: reported at the path, with the project path',
      files: [{ filename: 'compose.yaml', content: 'include:\n  - ./db/compose.yaml\nservices:\n  web:\n    image: example/web:1.4\n' }],
      errors: [{ file: 'compose.yaml', line: 2, column: 5, endLine: 2, endColumn: 22, message: '"db/compose.yaml" is included but was not submitted' }],
    },
    {
      name: 'resolved from the including file\'s directory: a file of the same name elsewhere is not it',
      files: [{ filename: 'app/compose.yaml', content: 'include:\n  - path: ../db.yaml\n' }, { filename: 'app/db.yaml', content: db }],
      errors: [{ file: 'app/compose.yaml', line: 2, column: 11, endLine: 2, endColumn: 21, message: '"db.yaml" is included' }],
    },
    {
      name: 'one missing path of a merged entry; an included file\'s own missing include is reported in that file',
      files: [
        { filename: 'compose.yaml', content: 'include:\n  - path:\n      - db.yaml\n      - db-override.yaml\n' },
        { filename: 'db.yaml', content: 'include:\n  - cache.yaml\n' + db },
      ],
      errors: [
        { file: 'compose.yaml', line: 4, column: 9, endLine: 4, endColumn: 25, message: '"db-override.yaml" is included' },
        { file: 'db.yaml', line: 2, column: 5, endLine: 2, endColumn: 15, message: '"cache.yaml" is included' },
      ],
    },
    {
      name: 'a path from interpolation, and a remote one',
      files: [{ filename: 'compose.yaml', content: 'include:\n  - ${DB_DIR}/compose.yaml\n  - oci://registry.example/db:1\n' }],
      errors: [
        { file: 'compose.yaml', line: 2, column: 5, endLine: 2, endColumn: 27, message: 'named by interpolation ("${DB_DIR}/compose.yaml")' },
        { file: 'compose.yaml', line: 3, column: 5, endLine: 3, endColumn: 32, message: '"oci://registry.example/db:1" is a remote include: what it defines was not analyzed.' },
      ],
    },
  ],
});
