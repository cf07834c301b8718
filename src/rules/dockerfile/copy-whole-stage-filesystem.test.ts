import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './copy-whole-stage-filesystem.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM alpine:3.20\nCOPY / /\n',
    'FROM alpine:3.20 AS b\nFROM alpine:3.20\nCOPY --from=b /srv /\nCOPY --from=b / /rootfs\n',
    'FROM debian:12 AS rootfs\nRUN apt-get update\nFROM scratch\nCOPY --from=rootfs / /\n',
    'FROM node:22\nCOPY --from=example/cli-tools:1.4 / /\n',
  ],
  invalid: [
    { name: 'a stage by its index', code: 'FROM node:22\nRUN npm ci\nFROM node:22-slim\nCOPY --from=0 / /\n', errors: [{ line: 4, column: 15, endColumn: 16 }] },
    { code: 'FROM node:22 AS deps\nFROM node:22-slim\nCOPY --from=deps "/" "/"\n', errors: [{ line: 3, column: 18, endColumn: 21, message: '--from=deps' }] },
  ],
});
