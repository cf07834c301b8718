import { testProjectRule } from '../../../test/support/project-rule-tester.ts';
import { rule } from './healthcheck-missing-everywhere.ts';

const bare = 'FROM alpine:3.20\nUSER 10001\nEXPOSE 8080\nCMD ["/app"]\n';

testProjectRule(rule, {
  valid: [
    { name: 'the image checks', files: [{ filename: 'compose.yaml', content: 'services:\n  web:\n    build: .\n    ports: ["8080:8080"]\n' }, { filename: 'Dockerfile', content: `${bare}HEALTHCHECK CMD ["/app", "health"]\n` }] },
    { name: 'the image opts out explicitly (HEALTHCHECK NONE)', files: [{ filename: 'compose.yaml', content: 'services:\n  web:\n    build: .\n    ports: ["8080:8080"]\n' }, { filename: 'Dockerfile', content: `${bare}HEALTHCHECK NONE\n` }] },
    { name: 'compose checks, through extends', files: [{ filename: 'compose.yaml', content: 'services:\n  base:\n    build: .\n    healthcheck: {test: ["CMD", "/app", "health"]}\n  web:\n    extends: base\n    ports: ["8080:8080"]\n' }, { filename: 'Dockerfile', content: bare }] },
    { name: 'nothing published', files: [{ filename: 'compose.yaml', content: 'services:\n  worker:\n    build: .\n' }, { filename: 'Dockerfile', content: bare }] },
    { name: 'extends from another file may bring a healthcheck', files: [{ filename: 'compose.yaml', content: 'services:\n  web:\n    extends: {file: base.yaml, service: web}\n    build: .\n    ports: ["8080:8080"]\n' }, { filename: 'Dockerfile', content: bare }] },
    { name: 'a compose check in the extended file', files: [{ filename: 'compose.yaml', content: 'services:\n  web:\n    extends: {file: base.yaml, service: web}\n    build: .\n    ports: ["8080:8080"]\n' }, { filename: 'base.yaml', content: 'services:\n  web:\n    image: example/web:1.4\n    healthcheck: {test: ["CMD", "/app", "health"]}\n' }, { filename: 'Dockerfile', content: bare }] },
  ],
  invalid: [
    {
      name: 'neither side, reported at the service key',
      files: [{ filename: 'compose.yaml', content: 'services:\n  web:\n    build: .\n    ports: ["8080:8080"]\n' }, { filename: 'Dockerfile', content: bare }],
      errors: [{ file: 'compose.yaml', line: 2, column: 3, endLine: 2, endColumn: 6, message: 'Service "web" publishes ports but neither Dockerfile nor the compose file defines a health check' }],
    },
    {
      name: 'the HEALTHCHECK is in a stage after the target',
      files: [{ filename: 'compose.yaml', content: 'services:\n  web:\n    build: {context: ., target: dev}\n    ports: ["8080:8080"]\n' }, { filename: 'Dockerfile', content: `FROM alpine:3.20 AS dev\nFROM dev\n${'HEALTHCHECK CMD ["/app", "health"]\n'}` }],
      errors: [{ file: 'compose.yaml', line: 2, column: 3, endLine: 2, endColumn: 6 }],
    },
    {
      name: 'the extended file was submitted and has no check either: ports inherited from it',
      files: [
        { filename: 'compose.yaml', content: 'services:\n  web:\n    extends: {file: base.yaml, service: web}\n    build: .\n' },
        { filename: 'base.yaml', content: 'services:\n  web:\n    image: example/web:1.4\n    ports: ["8080:8080"]\n' },
        { filename: 'Dockerfile', content: bare },
      ],
      errors: [{ file: 'compose.yaml', line: 2, column: 3, endLine: 2, endColumn: 6, message: 'Service "web" publishes ports' }],
    },
  ],
});
