import { testProjectRule } from '../../../test/support/project-rule-tester.ts';
import { rule } from './secret-build-arg-in-env.ts';

const compose = (args: string) => `services:\n  web:\n    build:\n      context: .\n      args:\n${args}`;

testProjectRule(rule, {
  valid: [
    { name: 'the secret is only used in a RUN (CGD031 covers the ARG)', files: [{ filename: 'compose.yaml', content: compose('        NPM_TOKEN: ${NPM_TOKEN}\n') }, { filename: 'Dockerfile', content: 'FROM node:22-slim\nARG NPM_TOKEN\nRUN NPM_TOKEN=$NPM_TOKEN npm ci\n' }] },
    { name: 'a non-secret arg copied to ENV', files: [{ filename: 'compose.yaml', content: compose('        APP_VERSION: "1.4.2"\n') }, { filename: 'Dockerfile', content: 'FROM node:22-slim\nARG APP_VERSION\nENV APP_VERSION=$APP_VERSION\n' }] },
    { name: 'the ENV is in a builder stage, not in the image', files: [{ filename: 'compose.yaml', content: compose('        NPM_TOKEN: ${NPM_TOKEN}\n') }, { filename: 'Dockerfile', content: 'FROM node:22-slim AS build\nARG NPM_TOKEN\nENV NPM_TOKEN=$NPM_TOKEN\nRUN npm ci\nFROM node:22-slim\nCOPY --from=build /app /app\n' }] },
    { name: 'the ENV refers to a same-named variable never declared as ARG', files: [{ filename: 'compose.yaml', content: compose('        NPM_TOKEN: ${NPM_TOKEN}\n') }, { filename: 'Dockerfile', content: 'FROM node:22-slim\nENV NPM_TOKEN=$NPM_TOKEN\n' }] },
    { name: 'the Dockerfile was not submitted', files: [{ filename: 'compose.yaml', content: compose('        NPM_TOKEN: ${NPM_TOKEN}\n') }] },
  ],
  invalid: [
    {
      name: 'ARG then ENV of the same name, value from the host environment',
      files: [{ filename: 'compose.yaml', content: compose('        - NPM_TOKEN\n') }, { filename: 'Dockerfile', content: 'FROM node:22-slim\nARG NPM_TOKEN\nENV NPM_TOKEN=$NPM_TOKEN\n' }],
      errors: [{ file: 'Dockerfile', line: 3, column: 5, endLine: 3, endColumn: 25, message: 'ENV NPM_TOKEN bakes build argument "NPM_TOKEN" (a secret passed by service "web" of compose.yaml)' }],
    },
    {
      name: 'a literal URL with a password, renamed in ENV with braces, in the stage the image is built on',
      files: [
        { filename: 'compose.yaml', content: compose('        DB_URL: postgres://app:s3cr3t@db/app\n') },
        { filename: 'Dockerfile', content: 'FROM python:3.12-slim AS base\nARG DB_URL\nENV DATABASE_URL="${DB_URL}" PYTHONUNBUFFERED=1\nFROM base\nUSER 10001\n' },
      ],
      errors: [{ file: 'Dockerfile', line: 3, column: 5, endLine: 3, endColumn: 29, message: 'ENV DATABASE_URL bakes build argument "DB_URL"' }],
    },
    {
      name: 'two services build the same file: reported once',
      files: [
        { filename: 'compose.yaml', content: 'services:\n  a:\n    build: {context: ., args: [API_KEY=abc123def456]}\n  b:\n    build: {context: ., args: [API_KEY=abc123def456]}\n' },
        { filename: 'Dockerfile', content: 'FROM alpine:3.20\nARG API_KEY\nENV API_KEY ${API_KEY}\n' },
      ],
      errors: [{ file: 'Dockerfile', line: 3, column: 5, endLine: 3, endColumn: 23 }],
    },
  ],
});
