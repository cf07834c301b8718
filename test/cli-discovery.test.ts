// npm test: store-agnostic — the service answers here only through its analysis API; nothing read or asserted depends on the store.
// The CLI finds in a directory exactly the files the service detects by name: it keeps no list of names of its own
// but asks GET /api/file-types, which the list of file types (src/analysis/file-types/index.ts) answers. A name, a
// place or an exclusion that the CLI and the list read differently fails here.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { detectByName, detectorFor } from '../src/analysis/detect.ts';
import { FILE_TYPES } from '../src/analysis/file-types/index.ts';
import type { FileTypeDescriptor } from '../src/core/file-type.ts';
import { cliService, fakeServer, json, runCli, SCRIPT, workdir } from './fixtures/cli/harness.ts';

const svc = cliService();

/** The files the CLI sent, in the order it sent them. */
const sent = (out: string): string[] => JSON.parse(out).analyses.flatMap((a: { files: string[] }) => a.files);

describe('the CLI finds the files of every file type of the list', () => {
  it('every name of every type, in any letter case, and no excluded name: as the service detects them', async () => {
    const globs = FILE_TYPES.flatMap((t) => [...t.names, ...t.excludedNames, ...t.paths]);
    // Each `*` filled with a plain word or with a conventional name of a type (which makes e.g. Dockerfile.dockerignore).
    const fillers = ['x', ...FILE_TYPES.flatMap((t) => t.names.filter((n) => !n.includes('*')).slice(0, 1))];
    const names = [...new Set(globs.flatMap((g) => fillers.flatMap((f) => [g.replaceAll('*', f), g.replaceAll('*', f).toUpperCase()])))];
    const files = [...names, ...names.filter((n) => n.includes('/')).map((n) => `sub/${n}`), 'README.md', 'notes.yaml', 'docs/Dockerfile.md.txt'];
    // A type the service lists as `named` (.env files) is never found: only a file named on the command line is sent.
    const discovered = (f: string) => { const d = detectByName(f); return d !== undefined && FILE_TYPES.find((t) => t.id === d.fileType)!.discovery === 'directory'; };
    const expected = files.filter(discovered).sort();
    assert.ok(files.some((f) => detectByName(f)?.fileType === 'dotenv'), 'a .env name is among the files');
    assert.ok(expected.length >= FILE_TYPES.reduce((n, t) => n + (t.discovery === 'directory' ? t.names.length : 0), 0), `${expected.length} files of a type`);
    if (FILE_TYPES.some((t) => t.excludedNames.length > 0)) assert.ok(files.some((f) => !expected.includes(f) && FILE_TYPES.some((t) => t.names.some((g) => new RegExp(`^${g.replaceAll('.', '\\.').replaceAll('*', '.*')}$`, 'i').test(f)))), 'an excluded name is among the files');
    const res = await runCli(['--url', svc.url, '--min-score', '0', '--format', 'json', '.'], { cwd: workdir(Object.fromEntries(files.map((f) => [f, '']))) });
    assert.equal(res.status, 0, res.stderr);
    assert.deepEqual(sent(res.stdout).sort(), expected);
  });

  it('places: a hidden directory a place names is searched, a name matches by its last segments', async () => {
    // A list with a place, as a service with such a type answers: the CLI must read it as detectorFor does.
    const items = [{ file_type: 'pipeline', title: 'Pipeline', names: ['pipeline.conf'], paths: ['.ci/pipelines/*.yml'], excluded_names: ['old.pipeline.conf'] }];
    const server = await fakeServer((req, _n, res) => (req.url === '/api/file-types' ? json(res, 200, { request_id: 'req_0000000000000001', data: { items } }) : json(res, 500, {})));
    try {
      const files = ['.ci/pipelines/build.yml', 'sub/.ci/pipelines/test.YML', '.ci/other/a.yml', 'pipelines/b.yml', '.ci/pipelines/deep/c.yml', '.hidden/pipeline.conf', 'pipeline.conf', 'old.pipeline.conf', 'node_modules/.ci/pipelines/d.yml'];
      const res = await runCli(['--url', server.url, '.'], { cwd: workdir(Object.fromEntries(files.map((f) => [f, '']))) });
      assert.equal(res.status, 2, 'the stand-in refuses the analysis');
      const posted = server.requests.find((r) => r.url.startsWith('/api/analyze'));
      const names = (JSON.parse(posted!.body) as { files: { filename: string }[] }).files.map((f) => f.filename);
      assert.deepEqual(names, ['pipeline.conf', '.ci/pipelines/build.yml', 'sub/.ci/pipelines/test.YML']);
      const descriptor = { id: 'pipeline', label: 'pipeline', names: items[0]!.names, paths: items[0]!.paths, excludedNames: items[0]!.excluded_names, detect: () => undefined } as unknown as FileTypeDescriptor<unknown, 'pipeline'>;
      const service = detectorFor([descriptor]);
      assert.deepEqual(files.filter((f) => service.byName(f) && !f.startsWith('.hidden/') && !f.startsWith('node_modules/')).sort(), [...names].sort(), 'the service claims the same names');
    } finally {
      await server.close();
    }
  });

  it('the CLI holds no copy of a name, place or exclusion', () => {
    const source = readFileSync(SCRIPT, 'utf8');
    for (const glob of FILE_TYPES.flatMap((t) => [...t.names, ...t.paths, ...t.excludedNames])) {
      assert.ok(!source.includes(`"${glob}"`) && !source.includes(`'${glob}'`), `${glob} is written in ${SCRIPT}`);
    }
    assert.doesNotMatch(source, /dockerignore/i);
  });
});
