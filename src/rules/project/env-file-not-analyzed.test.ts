import { testProjectRule } from '../../../test/support/project-rule-tester.ts';
import { rule } from './env-file-not-analyzed.ts';

testProjectRule(rule, {
  valid: [
    { name: 'no env_file', files: [{ filename: 'compose.yaml', content: 'services:\n  api:\n    image: example/api:1.4\n' }] },
    { name: 'a Dockerfile alone', files: [{ filename: 'Dockerfile', content: 'FROM alpine:3.20\n' }] },
    { name: 'the env_file was submitted (relative to the compose file)', files: [{ filename: 'deploy/compose.yaml', content: 'services:\n  api:\n    image: example/api:1.4\n    env_file: ./env/api.env\n' }, { filename: 'deploy/env/api.env', content: 'A=1\n' }] },
  ],
  invalid: [
    {
      name: 'a string',
      files: [{ filename: 'deploy/compose.yaml', content: 'services:\n  api:\n    image: example/api:1.4\n    env_file: .env\n' }],
      errors: [{ file: 'deploy/compose.yaml', line: 4, column: 15, endLine: 4, endColumn: 19, message: 'env_file ".env" of service "api" was not submitted, so it was not analyzed.' }],
    },
    {
      name: 'a list of strings and of {path, required} in two services',
      files: [{ filename: 'compose.yaml', content: 'services:\n  api:\n    image: example/api:1.4\n    env_file: [common.env, api.env]\n  worker:\n    image: example/worker:1.4\n    env_file:\n      - path: ./worker.env\n        required: false\n' }],
      errors: [
        { file: 'compose.yaml', line: 4, column: 16, endLine: 4, endColumn: 26 },
        { file: 'compose.yaml', line: 4, column: 28, endLine: 4, endColumn: 35 },
        { file: 'compose.yaml', line: 8, column: 15, endLine: 8, endColumn: 27, message: '"./worker.env" of service "worker"' },
      ],
    },
  ],
});
