import { testProjectRule } from '../../../test/support/project-rule-tester.ts';
import { rule } from './healthcheck-disabled-overrides-image.ts';

const df = 'FROM alpine:3.20 AS base\nHEALTHCHECK CMD ["/app/health"]\nFROM base\nUSER 10001\nCMD ["/app/server"]\n';
const compose = (hc: string) => `services:\n  api:\n    build: .\n    healthcheck:\n${hc}`;

testProjectRule(rule, {
  valid: [
    { name: 'compose tunes the image check', files: [{ filename: 'compose.yaml', content: compose('      interval: 5s\n') }, { filename: 'Dockerfile', content: df }] },
    { name: 'disable: false', files: [{ filename: 'compose.yaml', content: compose('      disable: false\n') }, { filename: 'Dockerfile', content: df }] },
    { name: 'the image has no HEALTHCHECK', files: [{ filename: 'compose.yaml', content: compose('      disable: true\n') }, { filename: 'Dockerfile', content: 'FROM alpine:3.20\n' }] },
    { name: 'the image opts out itself (HEALTHCHECK NONE last)', files: [{ filename: 'compose.yaml', content: compose('      disable: true\n') }, { filename: 'Dockerfile', content: `${df}HEALTHCHECK NONE\n` }] },
    { name: 'the extending test replaces NONE of the extended file (healthcheck is merged key by key)', files: [{ filename: 'compose.yaml', content: 'services:\n  api:\n    extends: {file: common.yaml, service: app}\n    build: .\n    healthcheck:\n      test: ["CMD", "/app/health"]\n' }, { filename: 'common.yaml', content: 'services:\n  app:\n    image: example/app:1.4\n    healthcheck:\n      test: ["NONE"]\n' }, { filename: 'Dockerfile', content: df }] },
  ],
  invalid: [
    {
      name: 'disable: true, HEALTHCHECK inherited from the stage built on',
      files: [{ filename: 'compose.yaml', content: compose('      disable: true\n') }, { filename: 'Dockerfile', content: df }],
      errors: [{ file: 'compose.yaml', line: 5, column: 16, endLine: 5, endColumn: 20, message: 'Service "api" disables the HEALTHCHECK that Dockerfile defines' }],
    },
    {
      name: 'test: ["NONE"]',
      files: [{ filename: 'compose.yaml', content: compose('      test: ["NONE"]\n') }, { filename: 'Dockerfile', content: df }],
      errors: [{ file: 'compose.yaml', line: 5, column: 13, endLine: 5, endColumn: 21 }],
    },
    {
      name: 'test: NONE as a string, "true" as a string',
      files: [{ filename: 'compose.yaml', content: 'services:\n  a:\n    build: .\n    healthcheck: {test: NONE}\n  b:\n    build: .\n    healthcheck: {disable: "true"}\n' }, { filename: 'Dockerfile', content: df }],
      errors: [{ file: 'compose.yaml', line: 4, column: 25, endLine: 4, endColumn: 29 }, { file: 'compose.yaml', line: 7, column: 28, endLine: 7, endColumn: 34 }],
    },
    {
      name: 'disable in the extended file survives an extending healthcheck that sets only the interval',
      files: [
        { filename: 'compose.yaml', content: 'services:\n  api:\n    extends: {file: common.yaml, service: app}\n    build: .\n    healthcheck:\n      interval: 10s\n' },
        { filename: 'common.yaml', content: 'services:\n  app:\n    image: example/app:1.4\n    healthcheck:\n      disable: true\n' },
        { filename: 'Dockerfile', content: df },
      ],
      errors: [{ file: 'common.yaml', line: 5, column: 16, endLine: 5, endColumn: 20, message: 'Service "api" disables the HEALTHCHECK that Dockerfile defines.' }],
    },
  ],
});
