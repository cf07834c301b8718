import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FileTypeDescriptor } from '../core/file-type.ts';
import { detectByName, detectFileType, detectorFor } from './detect.ts';
import { FILE_TYPES } from './file-types/index.ts';

describe('file type detection', () => {
  const byName: [string, string][] = [
    ['Dockerfile', 'dockerfile'], ['dockerfile', 'dockerfile'], ['Dockerfile.dev', 'dockerfile'], ['api.Dockerfile', 'dockerfile'],
    ['Containerfile', 'dockerfile'], ['build/Dockerfile', 'dockerfile'], ['compose.yaml', 'compose'], ['compose.yml', 'compose'],
    ['docker-compose.yml', 'compose'], ['docker-compose.prod.yml', 'compose'], ['compose.override.yaml', 'compose'], ['app.compose.yml', 'compose'],
    ['docker-compose.prod.yaml', 'compose'], ['compose.dev.yml', 'compose'], ['web.Containerfile', 'dockerfile'], ['DOCKERFILE', 'dockerfile'],
  ];
  for (const [name, type] of byName) {
    it(`name ${name} → ${type}`, () => {
      const d = detectFileType(name, '');
      assert.equal(d?.fileType, type);
      assert.equal(d?.detection.method, 'filename');
      assert.equal(d?.detection.confidence, 1);
    });
  }
  it('content: a Dockerfile under another name', () => {
    const d = detectFileType('build.txt', '# syntax=docker/dockerfile:1\nARG V=1\nFROM alpine:3.20\nRUN apk add --no-cache curl \\\n  jq\nCMD ["sh"]\n');
    assert.equal(d?.fileType, 'dockerfile');
    assert.equal(d?.detection.method, 'content');
    assert.ok(d!.detection.confidence >= 0.8);
  });
  it('content: a Compose file under another name', () => {
    const d = detectFileType('stack.yml', 'services:\n  web:\n    image: nginx:1.27\nvolumes:\n  data: {}\n');
    assert.equal(d?.fileType, 'compose');
    assert.ok(d!.detection.confidence >= 0.8);
  });
  it('BuildKit ignore files are not Dockerfiles: they are .dockerignore files', () => {
    assert.equal(detectFileType('Dockerfile.dockerignore', 'node_modules\n')?.fileType, 'dockerignore');
    assert.equal(detectFileType('api.Dockerfile.dockerignore', '*.log\n')?.fileType, 'dockerignore');
    assert.equal(detectFileType('.dockerignore', '')?.fileType, 'dockerignore');
  });
  it('.env files by name, and by content when every line assigns a variable', () => {
    for (const name of ['.env', '.env.production', 'deploy/prod.env']) assert.equal(detectFileType(name, '')?.fileType, 'dotenv', name);
    assert.deepEqual(detectFileType('settings', '# db\nexport DB_HOST=db\nDB_PORT=5432\n'), { fileType: 'dotenv', detection: { method: 'content', confidence: 0.6, reason: 'every line that is not a comment assigns a variable (NAME=value)' } });
    assert.equal(detectFileType('settings', 'DB_HOST=db\nsome prose\n'), undefined);
    assert.equal(detectFileType('.envrc', 'export A=1\n')?.detection.method, 'content', '.envrc (direnv) is no .env name');
  });
  it('content: neither', () => {
    assert.equal(detectFileType('notes.md', '# Title\n\nSome prose about FROM and RUN.\n'), undefined);
    assert.equal(detectFileType('values.yaml', 'replicaCount: 2\nimage:\n  tag: x\n'), undefined);
    assert.equal(detectFileType('empty', ''), undefined);
  });
  it('a generic name never wins over clear content of the other type', () => {
    assert.equal(detectFileType('config', 'FROM x\nRUN y\n')?.fileType, 'dockerfile');
  });
  it('every name glob of every file type detects that type (`*` as any name part, any letter case)', () => {
    for (const t of FILE_TYPES) {
      for (const glob of t.names) {
        for (const name of [glob.replaceAll('*', 'x'), glob.replaceAll('*', 'a.b-c').toUpperCase(), `deploy/${glob.replaceAll('*', 'x')}`]) {
          assert.equal(detectFileType(name, '')?.fileType, t.id, `${name} (${glob})`);
        }
      }
    }
  });
});

describe('file type detection over a list with places', () => {
  const base = { title: 'T', rulesTitle: 'T', excludedNames: [], analyzer: FILE_TYPES[0].analyzer, ruleIdPrefix: 'CGX', language: 'yaml', equivalentTools: [], pragmas: [], discovery: 'directory' as const };
  const workflow: FileTypeDescriptor<unknown, 'workflow'> = { ...base, id: 'workflow', label: 'workflow', names: [], paths: ['.ci/pipelines/*.yml'], detect: () => ({ confidence: 0.5, reason: 'workflow-ish' }) };
  const action: FileTypeDescriptor<unknown, 'action'> = { ...base, id: 'action', label: 'action', names: ['action.yml'], paths: [], excludedNames: ['action.yml.bak'], detect: () => ({ confidence: 0.7, reason: 'action-ish' }) };
  const { byName, detect } = detectorFor<'workflow' | 'action'>([workflow, action]);
  it('a place matches the last segments of a name, whatever comes before, in any letter case and with either slash', () => {
    for (const name of ['.ci/pipelines/build.yml', 'repo/.ci/pipelines/build.yml', '.CI/Pipelines/BUILD.YML', 'repo\\.ci\\pipelines\\build.yml']) {
      assert.deepEqual(byName(name), { fileType: 'workflow', detection: { method: 'filename', confidence: 1, reason: `the path "${name.replaceAll('\\', '/')}" is a workflow path` } }, name);
    }
    for (const name of ['build.yml', 'pipelines/build.yml', 'x.ci/pipelines/build.yml', '.ci/pipelines/sub/build.yml', '.ci/pipelines/build.yaml']) {
      assert.equal(byName(name), undefined, name);
    }
  });
  it('a name glob matches the base name only; an excluded name is not the type', () => {
    assert.equal(byName('sub/dir/action.yml')?.fileType, 'action');
    assert.equal(byName('action.yml/x'), undefined);
    assert.equal(byName('action.yml.bak'), undefined);
  });
  it('a place wins over another type\'s name, whatever the order of the list', () => {
    assert.equal(byName('.ci/pipelines/action.yml')?.fileType, 'workflow');
    assert.equal(detectorFor<'workflow' | 'action'>([action, workflow]).byName('.ci/pipelines/action.yml')?.fileType, 'workflow');
    assert.equal(detectByName('.github/workflows/docker-compose.yml')?.fileType, 'github-workflow');
    assert.equal(detectByName('deploy/docker-compose.yml')?.fileType, 'compose');
  });
  it('content: the most confident detector wins', () => {
    assert.equal(detect('notes', '')?.fileType, 'action');
    assert.equal(detect('notes', '')?.detection.confidence, 0.7);
  });
});
