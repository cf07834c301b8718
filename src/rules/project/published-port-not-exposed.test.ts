import { testProjectRule } from '../../../test/support/project-rule-tester.ts';
import { rule } from './published-port-not-exposed.ts';

const df = (expose: string) => `ARG PORT=3000\nFROM node:22-slim AS base\nEXPOSE ${expose}\nFROM base\nUSER node\nCMD ["node", "server.js"]\n`;
const compose = (ports: string) => `services:\n  web:\n    build: .\n    ports:\n${ports}`;

testProjectRule(rule, {
  valid: [
    { name: 'the exposed port, short syntax, EXPOSE of the base stage', files: [{ filename: 'compose.yaml', content: compose('      - "127.0.0.1:8080:3000"\n') }, { filename: 'Dockerfile', content: df('3000') }] },
    { name: 'inside an exposed range, with protocol', files: [{ filename: 'compose.yaml', content: compose('      - "5001:5001/udp"\n') }, { filename: 'Dockerfile', content: df('5000-5010/udp') }] },
    { name: 'long syntax', files: [{ filename: 'compose.yaml', content: compose('      - target: 3000\n        published: "8080"\n') }, { filename: 'Dockerfile', content: df('3000/tcp') }] },
    { name: 'image exposes nothing: not judged', files: [{ filename: 'compose.yaml', content: 'services:\n  web:\n    build: .\n    ports: ["8080:8080"]\n' }, { filename: 'Dockerfile', content: 'FROM node:22-slim\nCMD ["node", "server.js"]\n' }] },
    { name: 'an EXPOSE of unknown value: not judged', files: [{ filename: 'compose.yaml', content: compose('      - "8080:8080"\n') }, { filename: 'Dockerfile', content: 'FROM node:22-slim\nEXPOSE $PORT\n' }] },
    { name: 'interpolated port', files: [{ filename: 'compose.yaml', content: compose('      - "8080:${PORT}"\n') }, { filename: 'Dockerfile', content: df('3000') }] },
    { name: 'host network ignores ports', files: [{ filename: 'compose.yaml', content: 'services:\n  web:\n    build: .\n    network_mode: host\n    ports: ["8080:8080"]\n' }, { filename: 'Dockerfile', content: df('3000') }] },
    { name: 'EXPOSE from a build arg applied', files: [{ filename: 'compose.yaml', content: 'services:\n  web:\n    build:\n      context: .\n      args: {PORT: "8080"}\n    ports: ["8080:8080"]\n' }, { filename: 'Dockerfile', content: 'FROM node:22-slim\nARG PORT=3000\nEXPOSE ${PORT}\n' }] },
    { name: 'past an extended file that was not submitted, the known ports are still judged: none wrong here', files: [{ filename: 'compose.yaml', content: 'services:\n  web:\n    extends: {file: common.yaml, service: app}\n    build: .\n    ports: ["3000"]\n' }, { filename: 'Dockerfile', content: df('3000') }] },
  ],
  invalid: [
    {
      name: 'a port the image does not expose, at the port entry',
      files: [{ filename: 'compose.yaml', content: compose('      - "127.0.0.1:8080:3000"\n      - "9229:9229"\n') }, { filename: 'Dockerfile', content: df('3000') }],
      errors: [{ file: 'compose.yaml', line: 6, column: 9, endLine: 6, endColumn: 20, message: 'publishes container port 9229/tcp, which Dockerfile does not EXPOSE (it exposes 3000)' }],
    },
    {
      name: 'same number, other protocol; long syntax',
      files: [{ filename: 'compose.yaml', content: compose('      - target: 3000\n        protocol: udp\n') }, { filename: 'Dockerfile', content: df('3000') }],
      errors: [{ file: 'compose.yaml', line: 5, column: 9, endLine: 6, endColumn: 22, message: '3000/udp' }],
    },
    {
      name: 'the target stage is the image: EXPOSE of a later stage does not count',
      files: [
        { filename: 'compose.yaml', content: 'services:\n  web:\n    build: {context: ., target: base}\n    ports: ["8080:8080"]\n' },
        { filename: 'Dockerfile', content: 'FROM node:22-slim AS base\nEXPOSE 3000\nFROM base\nEXPOSE 8080\n' },
      ],
      errors: [{ file: 'compose.yaml', line: 4, column: 13, endLine: 4, endColumn: 24 }],
    },
    {
      name: 'ports inherited through extends are reported once, where they are written',
      files: [
        { filename: 'compose.yaml', content: 'services:\n  web:\n    build: .\n    ports: ["8080:8080"]\n  web2:\n    extends: web\n' },
        { filename: 'Dockerfile', content: df('3000') },
      ],
      errors: [{ file: 'compose.yaml', line: 4, column: 13, endLine: 4, endColumn: 24 }],
    },
    {
      name: 'ports are appended across files: each is reported where it is written, once',
      files: [
        { filename: 'compose.yaml', content: 'services:\n  web:\n    extends: {file: common.yaml, service: app}\n    ports: ["9229:9229"]\n' },
        { filename: 'common.yaml', content: 'services:\n  app:\n    build: .\n    ports: ["8080:8080"]\n' },
        { filename: 'Dockerfile', content: df('3000') },
      ],
      errors: [
        { file: 'common.yaml', line: 4, column: 13, endLine: 4, endColumn: 24, message: '8080/tcp' },
        { file: 'compose.yaml', line: 4, column: 13, endLine: 4, endColumn: 24, message: 'Service "web" publishes container port 9229/tcp' },
      ],
    },
  ],
});
