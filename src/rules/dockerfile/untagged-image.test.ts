import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './untagged-image.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM ubuntu:24.04\n', 'FROM scratch\n', 'FROM golang:1.23 AS build\nFROM build\n', 'ARG IMG\nFROM ${IMG}\n', 'FROM ubuntu@sha256:abc\n', 'RUN apt-get update\n'],
  invalid: [
    { code: 'FROM ubuntu\n', errors: [{ line: 1, column: 6, endColumn: 12, message: 'ubuntu:latest' }] },
    { code: 'FROM --platform=$BUILDPLATFORM ghcr.io/acme/tool AS t\n', errors: [{ line: 1, column: 32, endColumn: 49 }] },
    { code: 'ARG REPO=debian\nFROM ${REPO}\n', errors: [{ line: 2, column: 6, message: 'debian' }] },
  ],
});
