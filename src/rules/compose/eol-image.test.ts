import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './eol-image.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    'services:\n  db:\n    image: postgres:17\n  cache:\n    image: redis:7.4-alpine\n  web:\n    image: nginx:1.27\n',
    'services:\n  db:\n    image: ${DB_IMAGE}\n  app:\n    build: .\n    image: node:16\n  other:\n    image: bitnami/postgresql:11\n',
  ],
  invalid: [
    { code: 'services:\n  db:\n    image: postgres:12-alpine\n', errors: [{ line: 3, column: 12, endColumn: 30, message: 'Image "postgres:12-alpine" of service "db" is postgres 12, out of upstream support since 2024-11-21' }] },
    {
      name: 'defaults of interpolations, and the OS release a tag names',
      code: 'services:\n  db:\n    image: mysql:${MYSQL:-5.7}\n  app:\n    image: node:20-bullseye\n',
      errors: [
        { line: 3, column: 12, endColumn: 31, message: '"mysql:5.7" of service "db" is mysql 5' },
        { line: 5, column: 12, endColumn: 28, message: 'is node 20, out of upstream support since 2026-04-30' },
      ],
    },
    { name: 'a supported image on an unsupported OS', code: 'services:\n  app:\n    image: python:3.13-bullseye\n', errors: [{ line: 3, column: 12, endColumn: 32, message: 'is built on debian 11' }] },
    { name: 'production file: medium', file: 'compose.yaml', code: 'services:\n  db:\n    image: postgres:9.4\n', errors: [{ line: 3, column: 12, severity: 'medium' }] },
    { name: 'test file: low', file: 'result/docker-compose.test.yml', code: 'services:\n  db:\n    image: postgres:9.4\n', errors: [{ line: 3, column: 12, severity: 'low' }] },
  ],
});
