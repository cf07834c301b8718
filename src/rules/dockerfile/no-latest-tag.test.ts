import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './no-latest-tag.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM nginx:1.27\n',
    'FROM nginx:latest@sha256:abc\n',
    'FROM nginx\n',
    'FROM debian:bookworm-slim\nFROM ubuntu:noble\nFROM mcr.microsoft.com/windows/servercore:ltsc2022\n',
    'FROM node:22-alpine\nFROM python:3-slim-bookworm\nFROM traefik:v3\nFROM node:hydrogen\n',
    'FROM gcr.io/distroless/static-debian12:nonroot\n',
    'FROM buildpack-deps:bookworm\nFROM buildpack-deps:bullseye-scm\n',
    'ARG TAG\nFROM node:${TAG}\n',
    'FROM golang:1.23 AS build\nFROM alpine:3.20\nCOPY --from=build /out /app\nCOPY --from=0 /out /app2\n',
    'FROM alpine:3.20\nCOPY --from=ghcr.io/acme/tool:1.2 /t /t\nRUN --mount=type=bind,from=redis:7.4,source=/usr/local/bin,target=/r ls /r\n',
  ],
  invalid: [
    { code: 'FROM nginx:latest\n', errors: [{ line: 1, column: 6, endColumn: 18, message: 'moving tag "latest"' }] },
    { code: 'ARG TAG=latest\nFROM localhost:5000/team/app:${TAG} AS app\n', errors: [{ line: 2, column: 6, message: 'localhost:5000/team/app:latest' }] },
    {
      name: 'version-less tags: channels, variants, an OS alone on a language image',
      code: 'FROM redis:alpine\nFROM node:lts-slim\nFROM nginx:stable\nFROM nginx:mainline-alpine3.20\nFROM alpine:edge\nFROM rust:buster\nFROM node:lts-buster\nFROM debian:stable-slim\nFROM docker:dind\nFROM rabbitmq:management-alpine\n',
      errors: [
        { line: 1, column: 6, endColumn: 18, message: 'tag "alpine", which names no version' },
        { line: 2, column: 6, endColumn: 19, message: 'tag "lts-slim"' },
        { line: 3, column: 6, endColumn: 18 },
        { line: 4, column: 6, endColumn: 31 },
        { line: 5, column: 6, endColumn: 17 },
        { line: 6, column: 6, endColumn: 17 },
        { line: 7, column: 6, endColumn: 21 },
        { line: 8, column: 6, endColumn: 24 },
        { line: 9, column: 6, endColumn: 17 },
        { line: 10, column: 6, endColumn: 32 },
      ],
    },
    {
      name: 'latest as a word of the tag',
      code: 'FROM example/db:postgresql-latest\nFROM example/x:latest-alpine\n',
      errors: [
        { line: 1, column: 6, endColumn: 34, message: 'tag "postgresql-latest", which names no version' },
        { line: 2, column: 6, endColumn: 29, message: 'tag "latest-alpine", which names no version' },
      ],
    },
    { name: 'development, test, CI and example files: low', file: 'examples/redis/Dockerfile', code: 'FROM redis:alpine\n', errors: [{ line: 1, column: 6, endColumn: 18, severity: 'low' }] },
    { name: 'judged by the default of a build argument', code: 'ARG NODE=lts\nFROM node:${NODE}\nFROM python:${PY:-alpine}\n', errors: [{ line: 2, column: 6, endColumn: 18, message: 'node:lts' }, { line: 3, column: 6, endColumn: 26, message: 'python:alpine' }] },
    {
      name: 'images files are copied or mounted from',
      code: 'FROM alpine:3.20\nCOPY --from=nginx:latest /etc/nginx /etc/nginx\nRUN --mount=type=bind,from=redis:alpine,source=/usr/local/bin,target=/r cp /r/redis-cli /usr/bin/\nONBUILD COPY --from=docker.io/library/node:lts /usr/local/bin/node /usr/bin/\n',
      errors: [
        { line: 2, column: 13, endColumn: 25, message: '"nginx:latest" uses the moving tag' },
        { line: 3, column: 28, endColumn: 40, message: 'tag "alpine"' },
        { line: 4, column: 21, endColumn: 47, message: 'tag "lts"' },
      ],
    },
    { code: 'FROM nginx:latest\n', file: 'Dockerfile', errors: [{ line: 1, column: 6, severity: 'high' }], name: 'production file: high' },
    { code: 'FROM nginx:latest\n', file: 'test/Dockerfile', errors: [{ line: 1, column: 6, severity: 'low' }], name: 'test file: low' },
    { code: 'FROM nginx:latest\n', file: 'Dockerfile.ci', errors: [{ line: 1, column: 6, severity: 'low' }], name: 'CI file: low' },
  ],
});
