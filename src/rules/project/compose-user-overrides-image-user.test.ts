import { testProjectRule } from '../../../test/support/project-rule-tester.ts';
import { rule } from './compose-user-overrides-image-user.ts';

const df = 'FROM debian:12 AS base\nUSER 10001\nFROM base AS runtime\nCMD ["/app"]\nFROM runtime AS debug\nUSER root\n';
const compose = (extra: string) => `services:\n  app:\n    build:\n      context: .\n      target: runtime\n${extra}`;

testProjectRule(rule, {
  valid: [
    { name: 'no user override', files: [{ filename: 'compose.yaml', content: compose('') }, { filename: 'Dockerfile', content: df }] },
    { name: 'a non-root override', files: [{ filename: 'compose.yaml', content: compose('    user: "10002:10002"\n') }, { filename: 'Dockerfile', content: df }] },
    { name: 'root over a root target stage (CGC016 covers it)', files: [{ filename: 'compose.yaml', content: 'services:\n  app:\n    build: {context: ., target: debug}\n    user: root\n' }, { filename: 'Dockerfile', content: df }] },
    { name: 'the image sets no USER', files: [{ filename: 'compose.yaml', content: 'services:\n  app:\n    build: .\n    user: "0"\n' }, { filename: 'Dockerfile', content: 'FROM debian:12\n' }] },
    { name: 'USER from an unknown variable', files: [{ filename: 'compose.yaml', content: 'services:\n  app:\n    build: .\n    user: root\n' }, { filename: 'Dockerfile', content: 'FROM debian:12\nARG APP_USER\nUSER ${APP_USER}\n' }] },
    { name: 'a non-root user in the extending file over root in the extended one', files: [{ filename: 'compose.yaml', content: 'services:\n  web:\n    extends: {file: common.yaml, service: app}\n    build: {context: ., target: runtime}\n    user: "10002"\n' }, { filename: 'common.yaml', content: 'services:\n  app:\n    image: example/app:1.4\n    user: "0"\n' }, { filename: 'Dockerfile', content: df }] },
  ],
  invalid: [
    {
      name: 'root over the target stage, whose USER comes from the stage it is built on',
      files: [{ filename: 'compose.yaml', content: compose('    user: root\n') }, { filename: 'Dockerfile', content: df }],
      errors: [{ file: 'compose.yaml', line: 6, column: 11, endLine: 6, endColumn: 15, message: 'Service "app" runs as root, overriding USER 10001 of Dockerfile' }],
    },
    {
      name: 'uid 0 with a group, inherited through extends; USER set by a build arg',
      files: [
        { filename: 'compose.yaml', content: 'services:\n  base:\n    build:\n      context: .\n      args: {APP_USER: app}\n    user: "0:0"\n  worker:\n    extends: base\n' },
        { filename: 'Dockerfile', content: 'FROM debian:12\nARG APP_USER=root\nUSER ${APP_USER}\n' },
      ],
      errors: [
        { file: 'compose.yaml', line: 6, column: 11, endLine: 6, endColumn: 16, message: 'Service "base" runs as 0:0, overriding USER app' },
        { file: 'compose.yaml', line: 6, column: 11, endLine: 6, endColumn: 16, message: 'Service "worker"' },
      ],
    },
    {
      name: 'root in the extending file over a build inherited from another file, whose context is relative to that file',
      files: [
        { filename: 'compose.yaml', content: 'services:\n  web:\n    extends: {file: common/base.yaml, service: app}\n    user: root\n' },
        { filename: 'common/base.yaml', content: 'services:\n  app:\n    build: {context: ../app, target: runtime}\n' },
        { filename: 'app/Dockerfile', content: df },
      ],
      errors: [{ file: 'compose.yaml', line: 4, column: 11, endLine: 4, endColumn: 15, message: 'Service "web" runs as root, overriding USER 10001 of app/Dockerfile' }],
    },
  ],
});
