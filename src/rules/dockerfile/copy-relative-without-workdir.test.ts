import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './copy-relative-without-workdir.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM node:22-alpine\nCOPY app.js /srv/app.js\n',
    'FROM node:22-alpine\nWORKDIR /srv\nCOPY app.js ./\n',
    'FROM node:22-alpine AS base\nWORKDIR /srv\nFROM base\nCOPY app.js .\n',
    'FROM node:22-alpine\nCOPY app.js $APP_HOME/\nCOPY app.js "${APP_HOME}"\n',
    'FROM mcr.microsoft.com/windows/nanoserver:ltsc2022\nCOPY app.exe c:\\app\\app.exe\n',
  ],
  invalid: [
    { code: 'FROM node:22-alpine\nCOPY package.json package-lock.json ./\nWORKDIR /srv\nCOPY . .\n', errors: [{ line: 2, column: 37, endColumn: 39, message: '"./"' }] },
    { name: 'a WORKDIR of an unrelated earlier stage does not count', code: 'FROM node:22-alpine AS build\nWORKDIR /src\nFROM nginx:1.27\nADD "site" "html"\n', errors: [{ line: 4, column: 12, endColumn: 18 }] },
  ],
});
