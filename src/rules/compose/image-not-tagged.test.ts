import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './image-not-tagged.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n",
    "services:\n  app:\n    image: postgres@sha256:4ec37d2a07a0067f176fdcc9d4bb633a5724d2cc4f892c7a2046d054bb6939e5\n",
    "services:\n  app:\n    image: example/app:${TAG}\n    labels: [x]\n  web:\n    image: nginx:${NGINX:-1.27}-alpine\n  db:\n    image: ${DB_IMAGE:?set it}\n",
    "services:\n  os:\n    image: debian:bookworm-slim\n  proxy:\n    image: traefik:v3\n  static:\n    image: gcr.io/distroless/static-debian12:nonroot\n  lts:\n    image: node:hydrogen\n",
    "services:\n  app:\n    build: .\n    image: example/app\n",
    "services:\n  base:\n    image: buildpack-deps:bookworm\n",
    "services:\n  app:\n    image: localhost:5000/app:2.1\n",
  ],
  invalid: [
    { code: "services:\n  app:\n    image: postgres\n", errors: [{"line": 3, "column": 12, "endLine": 3, "endColumn": 20, "message": "has no tag"}] },
    { code: "services:\n  app:\n    image: \"ghcr.io/org/app:latest\"\n", errors: [{"line": 3, "column": 12, "endLine": 3, "endColumn": 36, "message": ":latest"}] },
    {
      name: 'version-less tags move like latest',
      code: "services:\n  cache:\n    image: redis:alpine\n  web:\n    image: nginx:stable-alpine\n  app:\n    image: node:lts-buster\n  edge:\n    image: 'alpine:edge'\n",
      errors: [
        { line: 3, column: 12, endColumn: 24, message: 'uses the tag :alpine, which names no version' },
        { line: 5, column: 12, endColumn: 31, message: ':stable-alpine' },
        { line: 7, column: 12, endColumn: 27, message: '"node:lts-buster" of service "app"' },
        { line: 9, column: 12, endColumn: 25 },
      ],
    },
    { name: 'latest as a word of the tag', code: "services:\n  db:\n    image: example/db:postgresql-latest\n", errors: [{ line: 3, column: 12, endColumn: 40, message: '"example/db:postgresql-latest" of service "db" uses the tag :postgresql-latest, which names no version' }] },
    { name: 'a development file: low', file: 'docker-compose.dev.yml', code: "services:\n  cache:\n    image: redis:alpine\n", errors: [{ line: 3, column: 12, endColumn: 24, severity: 'low' }] },
    {
      name: 'judged by the default of an interpolation',
      code: "services:\n  app:\n    image: example/app:${TAG:-latest}\n  db:\n    image: ${DB:-postgres}\n  web:\n    image: nginx:${NGINX-mainline}\n",
      errors: [
        { line: 3, column: 12, endColumn: 38, message: '"example/app:latest" of service "app" uses the moving tag :latest' },
        { line: 5, column: 12, endColumn: 27, message: 'has no tag' },
        { line: 7, column: 12, endColumn: 35, message: ':mainline' },
      ],
    },
    { code: "services:\n  app:\n    image: localhost:5000/app\n", errors: [{"line": 3, "column": 12, "endLine": 3, "endColumn": 30}], name: "registry port is not a tag" },
    { code: "services:\n  db:\n    image: postgres\n", file: "docker-compose.yml", errors: [{"line": 3, "column": 12, "severity": "high"}], name: "production file: high" },
    { code: "services:\n  db:\n    image: postgres\n", file: "docker-compose.dev.yml", errors: [{"line": 3, "column": 12, "severity": "low"}], name: "development file: low" },
  ],
});
