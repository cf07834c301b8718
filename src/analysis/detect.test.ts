import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { detectFileType } from './detect.ts';

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
  it('BuildKit ignore files are not Dockerfiles', () => {
    assert.equal(detectFileType('Dockerfile.dockerignore', 'node_modules\n'), undefined);
    assert.equal(detectFileType('api.Dockerfile.dockerignore', '*.log\n'), undefined);
  });
  it('content: neither', () => {
    assert.equal(detectFileType('notes.md', '# Title\n\nSome prose about FROM and RUN.\n'), undefined);
    assert.equal(detectFileType('values.yaml', 'replicaCount: 2\nimage:\n  tag: x\n'), undefined);
    assert.equal(detectFileType('empty', ''), undefined);
  });
  it('a generic name never wins over clear content of the other type', () => {
    assert.equal(detectFileType('config', 'FROM x\nRUN y\n')?.fileType, 'dockerfile');
  });
});
