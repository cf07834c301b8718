import assert from 'node:assert/strict';
import { it } from 'node:test';
import { projectFindingsOf, testProjectRule } from '../../../test/support/project-rule-tester.ts';
import { rule } from './variable-not-in-env-file.ts';

const compose = 'services:\n  web:\n    image: "example/web:${TAG}"\n    ports:\n      - "${PORT:-8080}:80"\n    environment:\n      KEY: ${API_KEY:?set it}\n      ALT: ${X:+on}\n      NESTED: ${A-${B}}\n      AGAIN: $TAG\n';

testProjectRule(rule, {
  valid: [
    { name: 'no .env submitted: the shell may set everything', files: [{ filename: 'compose.yaml', content: compose }] },
    { name: 'all defined (a bare name is taken from the environment)', files: [{ filename: 'compose.yaml', content: compose }, { filename: '.env', content: 'TAG=1.2\nexport API_KEY="k"\n' }] },
    { name: 'a .env Compose refuses is not judged', files: [{ filename: 'compose.yaml', content: compose }, { filename: '.env', content: 'TAG="1.2\n' }] },
    { name: 'only an env_file was submitted: it does not feed interpolation', files: [{ filename: 'compose.yaml', content: 'services:\n  web:\n    image: "example/web:${TAG}"\n    env_file: web.env\n' }, { filename: 'web.env', content: 'A=1\n' }] },
  ],
  invalid: [
    {
      name: 'plain and required, once each; defaults, alternatives and nested defaults are not',
      files: [{ filename: 'compose.yaml', content: compose }, { filename: '.env', content: 'PORT=80\n' }],
      errors: [
        { file: 'compose.yaml', line: 3, column: 25, endLine: 3, endColumn: 31, message: 'Compose interpolates "TAG", and no submitted .env file (".env") defines it: unless the shell sets it, it is an empty string.' },
        { file: 'compose.yaml', line: 7, column: 12, endLine: 7, endColumn: 30, message: 'the required "API_KEY"' },
      ],
    },
    {
      name: 'a --env-file (a .env no service lists) counts; an env_file does not',
      files: [
        { filename: 'compose.yaml', content: 'services:\n  web:\n    image: "example/web:${TAG}"\n    env_file: web.env\n    command: ["run", "$MODE"]\n' },
        { filename: 'web.env', content: 'TAG=1\n' }, { filename: 'prod.env', content: 'MODE=prod\n' },
      ],
      errors: [{ file: 'compose.yaml', line: 3, column: 25, endLine: 3, endColumn: 31, message: '("prod.env")' }],
    },
  ],
});

it('severity: low for a plain variable, medium for a required one', () => {
  const found = projectFindingsOf(rule, [{ filename: 'compose.yaml', content: compose }, { filename: '.env', content: 'PORT=80\n' }]);
  assert.deepEqual(found.map((f) => f.severity), ['low', 'medium']);
});
