// npm test: store-agnostic — the service answers here only through its analysis API; nothing read or asserted depends on the store.
// Our own production Dockerfile, compose.yaml and .dockerignore score 100 on our own analyzer, as a project and one by one.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { startTestApp } from './support/app.ts';
import { START_ARGS } from './support/service.ts';
import type { TestApp } from './support/app.ts';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(async () => t.close());

const files = ['Dockerfile', 'compose.yaml', '.dockerignore'].map((filename) => ({ filename, content: readFileSync(filename, 'utf8') }));

describe('our own deployment files', () => {
  it('score 100 as a project, with no finding at all', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/analyze-project', payload: { files } });
    assert.equal(res.statusCode, 200);
    const data = res.json().data;
    const all = [...data.project_findings, ...data.files.flatMap((f: any) => f.report.findings)];
    assert.deepEqual(all.map((f: any) => `${f.location.file ?? ''} ${f.rule_id} ${f.message}`), []);
    assert.equal(data.score, 100);
  });
  for (const file of files) {
    it(`${file.filename} scores 100 alone`, async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/analyze', payload: { ...file, file_type: 'auto' } });
      assert.equal(res.json().data.score, 100, JSON.stringify(res.json().data.findings));
    });
  }
});

describe('the image runs the service as npm start does', () => {
  it("the Dockerfile's CMD is node with npm start's arguments (its V8 flags included)", () => {
    const cmd = /^CMD (\[.*\])$/m.exec(readFileSync('Dockerfile', 'utf8'))?.[1];
    assert.ok(cmd, 'the Dockerfile has an exec-form CMD');
    assert.deepEqual(JSON.parse(cmd), ['node', ...START_ARGS]);
    assert.ok(START_ARGS.includes('--max-semi-space-size=32'));
  });
});
