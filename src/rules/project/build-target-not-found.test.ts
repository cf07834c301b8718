import { testProjectRule } from '../../../test/support/project-rule-tester.ts';
import { rule } from './build-target-not-found.ts';

const df = 'FROM node:22 AS deps\nRUN npm ci\nFROM node:22-slim AS Runtime\nCOPY --from=deps /app /app\nUSER node\nCMD ["node", "/app/server.js"]\n';
const compose = (target: string) => `services:\n  web:\n    build:\n      context: .\n      target: ${target}\n`;

testProjectRule(rule, {
  valid: [
    { name: 'an existing stage', files: [{ filename: 'compose.yaml', content: compose('deps') }, { filename: 'Dockerfile', content: df }] },
    { name: 'stage names compare case-insensitively', files: [{ filename: 'compose.yaml', content: compose('runtime') }, { filename: 'Dockerfile', content: df }] },
    { name: 'interpolated target is not judged', files: [{ filename: 'compose.yaml', content: compose('${TARGET:-prod}') }, { filename: 'Dockerfile', content: df }] },
    { name: 'Dockerfile not submitted', files: [{ filename: 'compose.yaml', content: compose('prod') }] },
    { name: 'no target', files: [{ filename: 'compose.yaml', content: 'services:\n  web:\n    build: .\n' }, { filename: 'Dockerfile', content: df }] },
  ],
  invalid: [
    {
      name: 'a missing stage, reported at the target value with the stages listed',
      files: [{ filename: 'compose.yaml', content: compose('prod') }, { filename: 'Dockerfile', content: df }],
      errors: [{ file: 'compose.yaml', line: 5, column: 15, endLine: 5, endColumn: 19, message: 'is not a stage of Dockerfile (stages: deps, Runtime)' }],
    },
    {
      name: 'a Dockerfile without named stages',
      files: [{ filename: 'compose.yaml', content: compose('"prod"') }, { filename: 'Dockerfile', content: 'FROM alpine:3.20\n' }],
      errors: [{ file: 'compose.yaml', line: 5, column: 15, endLine: 5, endColumn: 21, message: '(stages: none named)' }],
    },
    {
      name: 'two services, one right and one wrong target, the same Dockerfile',
      files: [
        { filename: 'compose.yaml', content: 'services:\n  web:\n    build: {context: ., target: runtime}\n  dev:\n    build: {context: ., target: develop}\n' },
        { filename: 'Dockerfile', content: df },
      ],
      errors: [{ file: 'compose.yaml', line: 5, column: 33, endLine: 5, endColumn: 40, message: 'Target "develop" of service "dev"' }],
    },
    {
      name: 'the extending file\'s target replaces the extended one\'s: only the extended service builds the missing stage',
      files: [
        { filename: 'compose.yaml', content: 'services:\n  web:\n    extends: {file: common.yaml, service: app}\n    build: {target: deps}\n' },
        { filename: 'common.yaml', content: 'services:\n  app:\n    build: {context: ., target: prod}\n' },
        { filename: 'Dockerfile', content: df },
      ],
      errors: [{ file: 'common.yaml', line: 3, column: 33, endLine: 3, endColumn: 37, message: 'of service "app"' }],
    },
    {
      name: 'a target written in the extended file: reported there once, for both services',
      files: [
        { filename: 'compose.yaml', content: 'services:\n  web:\n    extends: {file: common.yaml, service: app}\n' },
        { filename: 'common.yaml', content: 'services:\n  app:\n    build:\n      context: .\n      target: prod\n' },
        { filename: 'Dockerfile', content: df },
      ],
      errors: [{ file: 'common.yaml', line: 5, column: 15, endLine: 5, endColumn: 19, message: '"prod"' }],
    },
  ],
});
