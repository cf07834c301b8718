import assert from 'node:assert/strict';
import { it } from 'node:test';
import { projectFindingsOf, testProjectRule } from '../../../test/support/project-rule-tester.ts';
import { rule } from './dependencies-copied-into-image.ts';

const installFirst = 'FROM node:22-slim\nWORKDIR /app\nCOPY package*.json ./\nRUN npm ci\nCOPY . .\n';
const copyFirst = 'FROM python:3.13-slim\nWORKDIR /app\nCOPY . .\nRUN pip install -r requirements.txt\n';

testProjectRule(rule, {
  valid: [
    { name: 'excluded anywhere', files: [{ filename: 'Dockerfile', content: installFirst }, { filename: '.dockerignore', content: '**/node_modules\n' }] },
    { name: 'no install or build tool of that kind', files: [{ filename: 'Dockerfile', content: 'FROM golang:1.23\nCOPY . .\nRUN go build ./...\n' }, { filename: '.dockerignore', content: '.git\n' }] },
    { name: 'no whole-context copy', files: [{ filename: 'Dockerfile', content: 'FROM node:22-slim\nCOPY package.json ./\nRUN npm ci\nCOPY src ./src\n' }, { filename: '.dockerignore', content: '.git\n' }] },
    { name: 'a Python project with its virtualenvs excluded', files: [{ filename: 'Dockerfile', content: copyFirst }, { filename: '.dockerignore', content: '.venv\nvenv\n__pycache__\n' }] },
  ],
  invalid: [
    {
      name: 'node_modules after npm ci',
      files: [{ filename: 'Dockerfile', content: installFirst }, { filename: '.dockerignore', content: '.git\n' }],
      errors: [{ file: 'Dockerfile', line: 5, column: 6, endLine: 5, endColumn: 7, message: 'COPY . copies "node_modules" from the build context: ".dockerignore" does not exclude it, and the image installed its own before this copy, which replaces it.' }],
    },
    {
      name: 'a virtualenv before pip install',
      files: [{ filename: 'Dockerfile', content: copyFirst }, { filename: '.dockerignore', content: '.git\n' }],
      errors: [{ file: 'Dockerfile', line: 3, column: 6, endLine: 3, endColumn: 7, message: 'copies ".venv" from the build context: ".dockerignore" does not exclude it, and the image installs or builds its own.' }],
    },
  ],
});

it('medium when the copy replaces what the stage installed, low otherwise', () => {
  assert.equal(projectFindingsOf(rule, [{ filename: 'Dockerfile', content: installFirst }, { filename: '.dockerignore', content: '' }])[0]?.severity, 'medium');
  assert.equal(projectFindingsOf(rule, [{ filename: 'Dockerfile', content: copyFirst }, { filename: '.dockerignore', content: '' }])[0]?.severity, 'low');
});
