import assert from 'node:assert/strict';
import { it } from 'node:test';
import { projectFindingsOf, testProjectRule } from '../../../test/support/project-rule-tester.ts';
import { rule } from './context-secrets-not-ignored.ts';

const node = 'FROM node:22-slim\nWORKDIR /app\nCOPY . .\nUSER node\n';
const ALL = '.git\n.aws\n**/.env*\n**/*.pem\n**/*.key\n**/id_*\n**/.npmrc\n';

testProjectRule(rule, {
  valid: [
    { name: 'every kind excluded', files: [{ filename: 'Dockerfile', content: node }, { filename: '.dockerignore', content: ALL }] },
    { name: 'allow-list: everything excluded, the sources brought back', files: [{ filename: 'Dockerfile', content: node }, { filename: '.dockerignore', content: '*\n!src\n!package.json\n' }] },
    { name: 'no whole-context copy', files: [{ filename: 'Dockerfile', content: 'FROM node:22-slim\nCOPY src/ ./src/\n' }, { filename: '.dockerignore', content: 'node_modules\n' }] },
    { name: 'COPY --from is not the context', files: [{ filename: 'Dockerfile', content: 'FROM node:22-slim AS b\nFROM nginx:1.27\nCOPY --from=b . .\n' }, { filename: '.dockerignore', content: 'x\n' }] },
    { name: 'no .dockerignore submitted (CGP025 says so)', files: [{ filename: 'Dockerfile', content: node }] },
    { name: 'a .dockerignore Docker refuses (CGI000 says so)', files: [{ filename: 'Dockerfile', content: node }, { filename: '.dockerignore', content: '!\n' }] },
    { name: 'the ignore file of another context', files: [{ filename: 'api/Dockerfile', content: node }, { filename: 'web/.dockerignore', content: '.git\n' }] },
  ],
  invalid: [
    {
      name: 'root-only patterns leave nested files in (Docker is not .gitignore)',
      files: [{ filename: 'Dockerfile', content: node }, { filename: '.dockerignore', content: '.git\n.aws\n.env*\n*.pem\n*.key\nid_*\n.npmrc\n' }],
      errors: [{ file: 'Dockerfile', line: 3, column: 6, endLine: 3, endColumn: 7, message: 'COPY . sends the build context "." into the image, and ".dockerignore" does not exclude .env files (.env*), private keys (*.pem, *.key), SSH keys (id_*).' }],
    },
    {
      name: 'the Dockerfile\'s own ignore file wins over the context\'s',
      files: [{ filename: 'api/Dockerfile', content: 'FROM node:22-slim\nADD ./ /app/\n' }, { filename: 'api/.dockerignore', content: ALL }, { filename: 'api/Dockerfile.dockerignore', content: '.git\n' }],
      errors: [{ file: 'api/Dockerfile', line: 2, column: 5, endLine: 2, endColumn: 7, message: '"api/Dockerfile.dockerignore" does not exclude .env files' }],
    },
    {
      name: 'a compose build context: the .dockerignore at the context root',
      files: [
        { filename: 'deploy/compose.yaml', content: 'services:\n  api:\n    build:\n      context: ..\n      dockerfile: docker/api.Dockerfile\n' },
        { filename: 'docker/api.Dockerfile', content: 'FROM golang:1.23\nCOPY * /src/\n' },
        { filename: '.dockerignore', content: '.git\n' },
      ],
      errors: [{ file: 'docker/api.Dockerfile', line: 2, column: 6, endLine: 2, endColumn: 7, message: 'COPY * sends the build context "." into the image' }],
    },
    {
      name: 'two builds of one Dockerfile (other targets): one finding',
      files: [
        { filename: 'compose.yaml', content: 'services:\n  a:\n    build: {context: ., target: app}\n  b:\n    build: {context: ., target: dev}\n' },
        { filename: 'Dockerfile', content: 'FROM node:22-slim AS app\nCOPY . .\nFROM app AS dev\n' },
        { filename: '.dockerignore', content: ALL.replace('.git\n', '') },
      ],
      errors: [{ file: 'Dockerfile', line: 2, column: 6, endLine: 2, endColumn: 7, message: 'does not exclude .git.' }],
    },
  ],
});

it('is high when the submission shows a secret file in the context', () => {
  const [byEnv] = projectFindingsOf(rule, [{ filename: 'Dockerfile', content: node }, { filename: '.dockerignore', content: ALL.replace('**/.env*\n', '') }, { filename: '.env', content: 'TOKEN=abc\n' }]);
  assert.equal(byEnv?.severity, 'high');
  assert.match(byEnv!.message, /"\.env" is in that context/);
  const [byEnvFile] = projectFindingsOf(rule, [
    { filename: 'compose.yaml', content: 'services:\n  api:\n    build: .\n    env_file: secrets/api.env\n' },
    { filename: 'Dockerfile', content: node }, { filename: '.dockerignore', content: ALL },
  ]);
  assert.equal(byEnvFile?.severity, 'high');
  assert.match(byEnvFile!.message, /does not exclude it; "secrets\/api\.env" is in that context/);
  const [unknown] = projectFindingsOf(rule, [{ filename: 'Dockerfile', content: node }, { filename: '.dockerignore', content: '.git\n' }]);
  assert.equal(unknown?.severity, 'medium');
});
