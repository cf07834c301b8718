import { testProjectRule } from '../../../test/support/project-rule-tester.ts';
import { rule } from './image-version-mismatch.ts';

testProjectRule(rule, {
  valid: [
    { name: 'the same version everywhere, written differently', files: [{ filename: 'compose.yaml', content: 'services:\n  db:\n    image: docker.io/library/postgres:16.4\n' }, { filename: 'db/Dockerfile', content: 'FROM postgres:16.4 AS base\nFROM base\n' }] },
    { name: 'different versions inside one file only (per-file concern)', files: [{ filename: 'Dockerfile', content: 'FROM golang:1.23 AS build\nFROM golang:1.22\n' }, { filename: 'compose.yaml', content: 'services:\n  app:\n    build: .\n' }] },
    { name: 'the name a build gives its result is not a version (also through extends)', files: [{ filename: 'compose.yaml', content: 'services:\n  api:\n    build: .\n    image: example/api:dev\n  worker:\n    extends: api\n    image: example/api:dev2\n' }, { filename: 'compose.prod.yaml', content: 'services:\n  api:\n    image: example/api:1.4.2\n' }] },
    { name: 'unknown text: interpolation and unset ARGs', files: [{ filename: 'compose.yaml', content: 'services:\n  db:\n    image: postgres:${PG_VERSION}\n' }, { filename: 'Dockerfile', content: 'ARG PG\nFROM postgres:$PG\n' }] },
    { name: 'a digest of the same tag is the same version', files: [{ filename: 'compose.yaml', content: 'services:\n  db:\n    image: postgres:16.4@sha256:0000000000000000000000000000000000000000000000000000000000000000\n' }, { filename: 'Dockerfile', content: 'FROM postgres:16.4\n' }] },
    { name: 'another registry is another image', files: [{ filename: 'compose.yaml', content: 'services:\n  db:\n    image: ghcr.io/example/postgres:15\n' }, { filename: 'Dockerfile', content: 'FROM postgres:16.4\n' }] },
    { name: 'the name a build inherited from another file gives its result is not a version', files: [{ filename: 'compose.yaml', content: 'services:\n  worker:\n    extends: {file: common.yaml, service: api}\n    image: example/api:dev2\n' }, { filename: 'common.yaml', content: 'services:\n  api:\n    build: .\n' }, { filename: 'compose.prod.yaml', content: 'services:\n  api:\n    image: example/api:1.4.2\n' }] },
  ],
  invalid: [
    {
      name: 'Dockerfile FROM vs compose image: both places reported',
      files: [{ filename: 'compose.yaml', content: 'services:\n  db:\n    image: postgres:16.4\n' }, { filename: 'db/Dockerfile', content: 'FROM postgres:16.3 AS base\nRUN true\n' }],
      errors: [
        { file: 'compose.yaml', line: 3, column: 12, endLine: 3, endColumn: 25, message: 'Image "postgres" is pinned to "16.4" here but to "16.3" in db/Dockerfile (line 1)' },
        { file: 'db/Dockerfile', line: 1, column: 6, endLine: 1, endColumn: 19, message: 'pinned to "16.3" here but to "16.4" in compose.yaml (line 3)' },
      ],
    },
    {
      name: 'two compose files; untagged means latest',
      files: [
        { filename: 'compose.yaml', content: 'services:\n  cache:\n    image: redis\n' },
        { filename: 'compose.override.yaml', content: 'services:\n  cache:\n    image: redis:7.4-alpine\n' },
      ],
      errors: [
        { file: 'compose.override.yaml', line: 3, column: 12, endLine: 3, endColumn: 28, message: '"7.4-alpine" here but to "latest" in compose.yaml' },
        { file: 'compose.yaml', line: 3, column: 12, endLine: 3, endColumn: 17, message: '"latest" here but to "7.4-alpine"' },
      ],
    },
    {
      name: 'a build arg decides the FROM version',
      files: [
        { filename: 'compose.yaml', content: 'services:\n  app:\n    build: {context: ., args: {NODE: "22.11"}}\n  e2e:\n    image: node:22.12\n' },
        { filename: 'Dockerfile', content: 'ARG NODE=22.12\nFROM node:${NODE}\n' },
      ],
      errors: [
        { file: 'compose.yaml', line: 5, column: 12, endLine: 5, endColumn: 22 },
        { file: 'Dockerfile', line: 2, column: 6, endLine: 2, endColumn: 18, message: '"node" is pinned to "22.11" here but to "22.12" in compose.yaml' },
      ],
    },
  ],
});
