// `npm run lint`'s repository rules, run as the script runs (a subprocess in a directory laid out as the
// repository): the layering rule of src/storage/ with a table of imports it refuses and accepts, and the
// repository itself passing.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';

const LINT = path.resolve('scripts/lint.ts');

function lint(cwd: string) {
  return spawnSync(process.execPath, [LINT], { cwd, encoding: 'utf8', timeout: 60_000 });
}

describe('lint: storage imports nothing above it', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'confgate-lint-'));
  after(() => rmSync(root, { recursive: true, force: true }));
  let n = 0;
  /** A repository with one storage module holding `source` (the line the import is on is line 2). */
  function repoWith(source: string): string {
    const dir = path.join(root, `case-${n++}`);
    mkdirSync(path.join(dir, 'src', 'storage'), { recursive: true });
    writeFileSync(path.join(dir, 'src', 'storage', 'x.ts'), `// a storage module\n${source}\nexport const x = 1;\n`);
    return dir;
  }

  // [source, the module it reaches, the line reported: the one with the module name]
  const refused: Array<[string, string, number]> = [
    ["import { scanEvent } from '../webhooks/event.ts';", 'src/webhooks/event.ts', 2],
    ["import { lookupHash } from '../auth/api-key.ts';", 'src/auth/api-key.ts', 2],
    ["import type { ScanResult } from '../scan/index.ts';", 'src/scan/index.ts', 2],
    ["import { ApiError } from '../http/errors.ts';", 'src/http/errors.ts', 2],
    ["export { finishScan } from '../lifecycle/scans.ts';", 'src/lifecycle/scans.ts', 2],
    ["import {\n  vetAddress,\n} from '../net/address.ts';", 'src/net/address.ts', 4],
    ["const m = await import('../webhooks/deliver.ts');", 'src/webhooks/deliver.ts', 2],
  ];
  for (const [source, target, line] of refused) {
    it(`refuses ${source.replace(/\s+/g, ' ')}`, () => {
      const res = lint(repoWith(source));
      assert.equal(res.status, 1, res.stdout + res.stderr);
      assert.equal(
        res.stderr.split('\n')[0],
        `src/storage/x.ts:${line}: storage imports ${target}: src/storage/ runs SQL only and imports nothing above it`,
      );
      assert.match(res.stderr, /lint: 1 problem\(s\)/);
    });
  }

  const accepted = [
    "import type { Queryable } from './db.ts';",
    "import type { Config } from '../config.ts';",
    "import pg from 'pg';",
    "import { randomBytes } from 'node:crypto';",
  ];
  for (const source of accepted) {
    it(`accepts ${source}`, () => {
      const res = lint(repoWith(source));
      assert.equal(res.status, 0, res.stdout + res.stderr);
      assert.equal(res.stdout.trim(), 'lint: ok');
    });
  }

  it('passes on this repository', () => {
    const res = lint(process.cwd());
    assert.equal(res.status, 0, res.stdout + res.stderr);
  });

  const casts: Array<[string, string]> = [
    ['const body = req.body as { domain: string };', 'req.body as'],
    ['const id = (req.params as { id: string }).id;', 'req.params as'],
    ['const q = request.query as Record<string, unknown>;', 'request.query as'],
  ];
  for (const [source, cast] of casts) {
    it(`refuses a cast of a request part: ${source}`, () => {
      const dir = path.join(root, `cast-${n++}`);
      mkdirSync(path.join(dir, 'src', 'http'), { recursive: true });
      writeFileSync(path.join(dir, 'src', 'http', 'route.ts'), `// a route\n${source}\n`);
      const res = lint(dir);
      assert.equal(res.status, 1, res.stdout + res.stderr);
      assert.equal(res.stderr.split('\n')[0], `src/http/route.ts:2: cast of a request part (${cast}): type the route instead`);
    });
  }
});
