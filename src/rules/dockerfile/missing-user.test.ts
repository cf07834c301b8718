import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './missing-user.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM node:22 AS base\nUSER node\nFROM base\nCMD ["node"]\n', 'FROM gcr.io/distroless/nodejs22-debian12:nonroot\n', 'RUN echo fragment\n', 'ARG IMG\nFROM ${IMG}\n',
    // A line ending in an escaped escape token (`C:\\`) does not continue: USER is an instruction of its own.
    'FROM mcr.microsoft.com/windows/servercore:ltsc2022\nENV APPDIR=C:\\\\app\\\\\nUSER ContainerUser\n',
    '# escape=`\nFROM mcr.microsoft.com/windows/servercore:ltsc2022\nRUN echo ``\nUSER ContainerUser\n',
  ],
  invalid: [
    { code: 'FROM node:22 AS build\nUSER node\nFROM node:22-slim\nCMD ["node"]\n', errors: [{ line: 3, column: 6, endColumn: 18 }] },
    { name: 'a single escape token at the end still continues the line', code: 'FROM mcr.microsoft.com/windows/servercore:ltsc2022\nENV APPDIR=C:\\app\\\nUSER ContainerUser\n', errors: [{ line: 1, column: 6, endColumn: 51 }] },
  ],
});
