import { testProjectRule } from '../../../test/support/project-rule-tester.ts';
import { rule } from './build-dockerfile-not-submitted.ts';

const df = 'FROM alpine:3.20\nUSER 10001\nCMD ["/app"]\n';

testProjectRule(rule, {
  valid: [
    { name: 'short build syntax, Dockerfile submitted', files: [{ filename: 'compose.yaml', content: 'services:\n  api:\n    build: ./api\n' }, { filename: 'api/Dockerfile', content: df }] },
    { name: 'dockerfile relative to the context, `..` folded', files: [{ filename: 'deploy/compose.yaml', content: 'services:\n  api:\n    build:\n      context: ../src\n      dockerfile: docker/Dockerfile.prod\n' }, { filename: 'src/docker/Dockerfile.prod', content: df }] },
    { name: 'default context and file name, `./` in the submitted name', files: [{ filename: 'compose.yaml', content: 'services:\n  api:\n    build: {}\n' }, { filename: './Dockerfile', content: df }] },
    { name: 'remote context: nothing to submit', files: [{ filename: 'compose.yaml', content: 'services:\n  api:\n    build: https://github.com/example/api.git#main\n' }] },
    { name: 'inline Dockerfile', files: [{ filename: 'compose.yaml', content: 'services:\n  api:\n    build:\n      dockerfile_inline: |\n        FROM alpine:3.20\n' }] },
    { name: 'interpolated context', files: [{ filename: 'compose.yaml', content: 'services:\n  api:\n    build: ${API_DIR}\n' }] },
    { name: 'image only', files: [{ filename: 'compose.yaml', content: 'services:\n  db:\n    image: postgres:16.4\n' }] },
    { name: 'a context written in an extended file is relative to that file', files: [{ filename: 'compose.yaml', content: 'services:\n  web:\n    extends: {file: common/base.yaml, service: app}\n' }, { filename: 'common/base.yaml', content: 'services:\n  app:\n    build: ../api\n' }, { filename: 'api/Dockerfile', content: df }] },
    { name: 'past an extended file that was not submitted, a build without context names no known Dockerfile', files: [{ filename: 'compose.yaml', content: 'services:\n  web:\n    extends: {file: common.yaml, service: app}\n    build: {target: dev}\n' }] },
  ],
  invalid: [
    {
      name: 'only the compose file: reported at the context',
      files: [{ filename: 'compose.yaml', content: 'services:\n  api:\n    build: ./api\n' }],
      errors: [{ file: 'compose.yaml', line: 3, column: 12, endLine: 3, endColumn: 17, message: '"api/Dockerfile"' }],
    },
    {
      name: 'another Dockerfile was submitted, not this one: reported at `dockerfile`',
      files: [
        { filename: 'compose.yaml', content: 'services:\n  api:\n    build:\n      context: api\n      dockerfile: Dockerfile.dev\n' },
        { filename: 'api/Dockerfile', content: df },
      ],
      errors: [{ file: 'compose.yaml', line: 5, column: 19, endLine: 5, endColumn: 33, message: '"api/Dockerfile.dev"' }],
    },
    {
      name: 'a compose file in a subdirectory: paths start from its directory; `build: {}` is reported at the key',
      files: [{ filename: 'deploy/compose.yaml', content: 'services:\n  web:\n    build: {}\n' }, { filename: 'Dockerfile', content: df }],
      errors: [{ file: 'deploy/compose.yaml', line: 3, column: 5, endLine: 3, endColumn: 10, message: '"deploy/Dockerfile"' }],
    },
    {
      name: 'the extending service sets dockerfile, the extended one the context: merged key by key',
      files: [
        { filename: 'compose.yaml', content: 'services:\n  web:\n    extends: {file: common/base.yaml, service: app}\n    build:\n      dockerfile: Dockerfile.dev\n' },
        { filename: 'common/base.yaml', content: 'services:\n  app:\n    build: ../api\n' },
        { filename: 'api/Dockerfile', content: df },
      ],
      errors: [{ file: 'compose.yaml', line: 5, column: 19, endLine: 5, endColumn: 33, message: 'Service "web" is built from "api/Dockerfile.dev"' }],
    },
    {
      name: 'a context in an extended file: reported once, in that file, however many services use it',
      files: [
        { filename: 'compose.yaml', content: 'services:\n  web:\n    extends: {file: common/base.yaml, service: app}\n  worker:\n    extends: {file: common/base.yaml, service: app}\n' },
        { filename: 'common/base.yaml', content: 'services:\n  app:\n    build: ../api\n' },
      ],
      errors: [{ file: 'common/base.yaml', line: 3, column: 12, endLine: 3, endColumn: 18, message: '"api/Dockerfile"' }],
    },
  ],
});
