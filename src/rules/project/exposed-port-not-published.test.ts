import { testProjectRule } from '../../../test/support/project-rule-tester.ts';
import { rule } from './exposed-port-not-published.ts';

const df = 'FROM node:22-slim\nUSER node\nEXPOSE 3000 9229/tcp\nCMD ["node", "server.js"]\n';
const compose = (rest: string) => `services:\n  web:\n    build: .\n${rest}`;

testProjectRule(rule, {
  valid: [
    { name: 'every exposed port published or in expose', files: [{ filename: 'compose.yaml', content: compose('    ports: ["127.0.0.1:8080:3000"]\n    expose: ["9229"]\n') }, { filename: 'Dockerfile', content: df }] },
    { name: 'a published range covers them', files: [{ filename: 'compose.yaml', content: compose('    ports: ["127.0.0.1:3000-9229:3000-9229"]\n') }, { filename: 'Dockerfile', content: df }] },
    { name: 'the service publishes nothing (reached on the network)', files: [{ filename: 'compose.yaml', content: compose('') }, { filename: 'Dockerfile', content: df }] },
    { name: 'an interpolated mapping could be any port', files: [{ filename: 'compose.yaml', content: compose('    ports: ["8080:${APP_PORT}"]\n') }, { filename: 'Dockerfile', content: df }] },
    { name: 'the extended file in another file maps the other port (ports and expose are appended)', files: [{ filename: 'compose.yaml', content: 'services:\n  web:\n    extends: {file: common.yaml, service: app}\n    ports: ["127.0.0.1:8080:3000"]\n' }, { filename: 'common.yaml', content: 'services:\n  app:\n    build: .\n    expose: ["9229"]\n' }, { filename: 'Dockerfile', content: df }] },
    { name: 'past an extended file that was not submitted, the port may be mapped there', files: [{ filename: 'compose.yaml', content: compose('    extends: {file: common.yaml, service: app}\n    ports: ["127.0.0.1:8080:3000"]\n') }, { filename: 'Dockerfile', content: df }] },
  ],
  invalid: [
    {
      name: 'the debug port is not mapped: reported at the EXPOSE word in the Dockerfile',
      files: [{ filename: 'compose.yaml', content: compose('    ports: ["127.0.0.1:8080:3000"]\n') }, { filename: 'Dockerfile', content: df }],
      errors: [{ file: 'Dockerfile', line: 3, column: 13, endLine: 3, endColumn: 21, message: 'Port 9229/tcp is EXPOSEd but service "web" of compose.yaml does not map it' }],
    },
    {
      name: 'UDP mapping does not cover a TCP port; two services building the same file report once',
      files: [
        { filename: 'compose.yaml', content: 'services:\n  web:\n    build: .\n    ports: ["3000:3000/udp", "9229:9229"]\n  web2:\n    build: .\n    ports: ["3001:3000/udp", "9230:9229"]\n' },
        { filename: 'Dockerfile', content: df },
      ],
      errors: [{ file: 'Dockerfile', line: 3, column: 8, endLine: 3, endColumn: 12 }],
    },
    {
      name: 'the mapping is inherited from another file',
      files: [
        { filename: 'compose.yaml', content: 'services:\n  web:\n    extends: {file: common.yaml, service: app}\n    build: .\n' },
        { filename: 'common.yaml', content: 'services:\n  app:\n    image: example/app:1.4\n    ports: ["127.0.0.1:8080:3000"]\n' },
        { filename: 'Dockerfile', content: df },
      ],
      errors: [{ file: 'Dockerfile', line: 3, column: 13, endLine: 3, endColumn: 21, message: 'Port 9229/tcp is EXPOSEd but service "web" of compose.yaml does not map it.' }],
    },
  ],
});
