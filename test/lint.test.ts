// `npm run lint`'s repository rules, run as the script runs (a subprocess in a directory laid out as the
// repository): the layering rules (src/storage/, src/webhooks/, src/lifecycle/) with tables of imports they refuse
// and accept, the casts of request parts, and the repository itself passing.
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
  /** A repository (package "confgate") with one module of src/<layer>/ holding `source`, where {root} is the
   * repository's absolute path (the line the import is on is line 2). */
  function repoWith(source: string, layer = 'storage'): string {
    const dir = path.join(root, `case-${n++}`);
    mkdirSync(path.join(dir, 'src', layer), { recursive: true });
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'confgate', imports: { '#http/*': './src/http/*' } }));
    writeFileSync(path.join(dir, 'src', layer, 'x.ts'), `// a ${layer} module\n${source.replaceAll('{root}', dir)}\nexport const x = 1;\n`);
    return dir;
  }

  // [source, the module it reaches, the line reported: the one with the module name]
  const refused: Array<[string, string, number]> = [
    ["import { scanEvent } from '../webhooks/deliver.ts';", 'src/webhooks/deliver.ts', 2],
    ["import { lookupHash } from '../auth/api-key.ts';", 'src/auth/api-key.ts', 2],
    ["import type { ScanResult } from '../scan/index.ts';", 'src/scan/index.ts', 2],
    ["import { ApiError } from '../http/errors.ts';", 'src/http/errors.ts', 2],
    ["export { finishScan } from '../lifecycle/scans.ts';", 'src/lifecycle/scans.ts', 2],
    ["import {\n  vetAddress,\n} from '../net/address.ts';", 'src/net/address.ts', 4],
    ["const m = await import('../webhooks/deliver.ts');", 'src/webhooks/deliver.ts', 2],
    // Double quotes, side-effect imports, require(), and the non-relative forms of the same modules.
    ['import { ApiError } from "../http/errors.ts";', 'src/http/errors.ts', 2],
    ["import '../http/errors.ts';", 'src/http/errors.ts', 2],
    ["const { ApiError } = require('../http/errors.ts');", 'src/http/errors.ts', 2],
    ['const m = await import(`../auth/keys.ts`);', 'src/auth/keys.ts', 2],
    ["import { ApiError } from '{root}/src/http/errors.ts';", 'src/http/errors.ts', 2],
    ["import { ApiError } from 'file://{root}/src/http/errors.ts';", 'src/http/errors.ts', 2],
    ["import { ApiError } from 'confgate/src/http/errors.ts';", 'src/http/errors.ts', 2],
    ["import { ApiError } from '#http/errors.ts';", 'src/http/errors.ts', 2],
    ["import { ApiError } from '../storage/../http/errors.ts';", 'src/http/errors.ts', 2],
    ["import { x } from '#unmapped';", '#unmapped', 2],
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
    'import type { Queryable } from "./db.ts";',
    "import type { Config } from '../config.ts';",
    "import type { Config } from 'confgate/src/config.ts';",
    "import { x } from '{root}/src/storage/db.ts';",
    "import pg from 'pg';",
    'import pg from "pg";',
    "import { randomBytes } from 'node:crypto';",
  ];
  for (const source of accepted) {
    it(`accepts ${source}`, () => {
      const res = lint(repoWith(source));
      assert.equal(res.status, 0, res.stdout + res.stderr);
      assert.equal(res.stdout.trim(), 'lint: ok');
    });
  }

  // One direction between the scan life cycle and webhook delivery: [layer, source, module reached, why].
  const WEBHOOKS_WHY = 'src/webhooks/ delivers events and imports nothing of the scan life cycle, HTTP or the worker';
  const LIFECYCLE_WHY = 'src/lifecycle/ is called by HTTP and the worker and imports neither';
  const layered: Array<[string, string, string, string]> = [
    ['webhooks', "import { isoOffset } from '../lifecycle/scan-view.ts';", 'src/lifecycle/scan-view.ts', WEBHOOKS_WHY],
    ['webhooks', 'import { finishScan } from "../lifecycle/scans.ts";', 'src/lifecycle/scans.ts', WEBHOOKS_WHY],
    ['webhooks', "import { ApiError } from '../http/errors.ts';", 'src/http/errors.ts', WEBHOOKS_WHY],
    ['webhooks', "import { startWorker } from 'confgate/src/worker/runner.ts';", 'src/worker/runner.ts', WEBHOOKS_WHY],
    ['lifecycle', "import { ApiError } from '../http/errors.ts';", 'src/http/errors.ts', LIFECYCLE_WHY],
    ['lifecycle', "const t = await import('../worker/tasks/scan-domain.ts');", 'src/worker/tasks/scan-domain.ts', LIFECYCLE_WHY],
  ];
  for (const [layer, source, target, why] of layered) {
    it(`refuses in src/${layer}/: ${source}`, () => {
      const res = lint(repoWith(source, layer));
      assert.equal(res.status, 1, res.stdout + res.stderr);
      assert.equal(res.stderr.split('\n')[0], `src/${layer}/x.ts:2: ${layer} imports ${target}: ${why}`);
    });
  }
  const layeredAccepted: Array<[string, string]> = [
    ['webhooks', "import { safeRequest } from '../net/index.ts';"],
    ['webhooks', "import type { Queryable } from '../storage/db.ts';"],
    ['webhooks', "import { webhookSigningKey } from '../auth/keys.ts';"],
    ['lifecycle', "import { signatureHeaders } from '../webhooks/signature.ts';"],
    ['lifecycle', "import { markFinished } from '../storage/scans.ts';"],
  ];
  for (const [layer, source] of layeredAccepted) {
    it(`accepts in src/${layer}/: ${source}`, () => {
      const res = lint(repoWith(source, layer));
      assert.equal(res.status, 0, res.stdout + res.stderr);
    });
  }

  // One outbound network edge: [file, source, line reported, what]. Line 2 is the source's first line.
  const clients: Array<[string, string, number, string]> = [
    ['src/scan/x.ts', "import net from 'node:net';\nconst s = net.connect({ host: a, port: 443 });", 3, 'net.connect'],
    ['src/scan/x.ts', "import * as tls from 'node:tls';\ntls.connect(443, a);", 3, 'tls.connect'],
    ['src/scan/x.ts', 'import tls from "tls";\ntls.connect(443, a);', 3, 'tls.connect'],
    ['src/scan/x.ts', "import { createConnection } from 'net';", 2, 'net.createConnection'],
    ['src/webhooks/x.ts', "import { request as post } from 'node:https';", 2, 'https.request'],
    ['src/webhooks/x.ts', "import http from 'node:http';\nhttp.get(url);", 3, 'http.get'],
    ['src/webhooks/x.ts', "import https, { Agent } from 'node:https';\nconst r = https\n  .request(url);", 3, 'https.request'],
    ['src/scan/x.ts', "import dgram from 'node:dgram';\nconst s = dgram.createSocket('udp4');", 3, 'dgram.createSocket'],
    ['src/scan/x.ts', "import { Socket } from 'node:net';\nnew Socket().connect(443, a);", 3, 'new net.Socket'],
    ['src/scan/x.ts', "import net from 'node:net';\nconst s = new net.Socket();", 3, 'new net.Socket'],
    ['src/scan/x.ts', "import http2 from 'node:http2';\nhttp2.connect(url);", 3, 'http2.connect'],
    ['src/scan/x.ts', "const net = await import('node:net');", 2, "import('node:net')"],
    ['src/scan/x.ts', 'const tls = require("tls");', 2, "require('tls')"],
    // Node's globals.
    ['src/webhooks/x.ts', 'const res = await fetch(url, { method: "POST" });', 2, 'fetch'],
    ['src/scan/x.ts', 'await globalThis.fetch(url);', 2, 'fetch'],
    ['src/scan/x.ts', 'const ws = new WebSocket(url);', 2, 'new WebSocket'],
    // The exception is one file, not its directory.
    ['src/admin/other.ts', "import net from 'node:net';\nnet.createConnection('/tmp/x.sock');", 3, 'net.createConnection'],
  ];
  for (const [file, source, line, what] of clients) {
    it(`refuses in ${file}: ${source.replace(/\s+/g, ' ')}`, () => {
      const dir = path.join(root, `net-${n++}`);
      mkdirSync(path.join(dir, path.dirname(file)), { recursive: true });
      writeFileSync(path.join(dir, file), `// a module\n${source}\n`);
      const res = lint(dir);
      assert.equal(res.status, 1, res.stdout + res.stderr);
      assert.equal(res.stderr.split('\n')[0], `${file}:${line}: outbound connection outside src/net/ (${what}): open it through the src/net/ connector`);
      assert.match(res.stderr, /lint: 1 problem\(s\)/);
    });
  }
  const notClients: Array<[string, string]> = [
    ['src/scan/x.ts', "import { isIP } from 'node:net';\nisIP(a);"],
    ['src/scan/x.ts', 'const r = await client.fetch(url);'],
    ['src/scan/x.ts', 'class Store {\n  async fetch(id: string): Promise<void> {}\n}'],
    ['src/scan/x.ts', 'function fetch(id: string) { return id; }'],
    ['src/http/x.ts', "import type { Socket } from 'node:net';\nexport function f(s: Socket) { s.destroy(); }"],
    ['src/http/x.ts', "import { Socket } from 'node:net';\nexport const f = (s: unknown) => s instanceof Socket;"],
    ['src/http/x.ts', "import { STATUS_CODES } from 'node:http';"],
    ['src/http/x.ts', "import net from 'node:net';\nnet.createServer((s) => s.end()).listen(0, '127.0.0.1');"],
    ['src/http/x.ts', "import http from 'node:http';\nhttp.createServer(handler).listen(port);\nconst v = cache.get(key);"],
    ['src/net/x.ts', "import net from 'node:net';\nnet.connect(443, a);"],
    ['src/admin/socket.ts', "import net from 'node:net';\nnet.createConnection('/tmp/x.sock');"],
    ['src/scan/x.test.ts', "import http from 'node:http';\nhttp.get(url);"],
    ['test/x.test.ts', "import net from 'node:net';\nnet.connect(port, '127.0.0.1');"],
  ];
  for (const [file, source] of notClients) {
    it(`accepts in ${file}: ${source.replace(/\s+/g, ' ')}`, () => {
      const dir = path.join(root, `net-${n++}`);
      mkdirSync(path.join(dir, path.dirname(file)), { recursive: true });
      writeFileSync(path.join(dir, file), `// a module\n${source}\n`);
      const res = lint(dir);
      assert.equal(res.status, 0, res.stdout + res.stderr);
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
  // Casts the rule also refuses: [source, the line's complaint].
  const otherCasts: Array<[string, string]> = [
    ["const t = values.fileType as FileTypeId | 'auto';", "cast to a checked type (as FileTypeId): narrow it with its guard or schema instead"],
    ['run({ fileType: form.type as FileTypeId });', 'cast to a checked type (as FileTypeId): narrow it with its guard or schema instead'],
    ['const s = raw as ScanStatus;', 'cast to a checked type (as ScanStatus): narrow it with its guard or schema instead'],
    ["const t = field(req, 'file_type') as string;", 'cast of a form field: check it instead'],
    ["const t = (field(req, String('x')) as FileTypeId);", 'cast of a form field: check it instead'],
    ["const names = fieldList(req, 'filename') as string[];", 'cast of a form field: check it instead'],
  ];
  for (const [source, complaint] of otherCasts) {
    it(`refuses ${source}`, () => {
      const dir = path.join(root, `cast-${n++}`);
      mkdirSync(path.join(dir, 'src', 'web'), { recursive: true });
      writeFileSync(path.join(dir, 'src', 'web', 'page.ts'), `// a page\n${source}\n`);
      const res = lint(dir);
      assert.equal(res.status, 1, res.stdout + res.stderr);
      assert.equal(res.stderr.split('\n')[0], `src/web/page.ts:2: ${complaint}`);
    });
  }
  const acceptedCasts = [
    "const t: FileTypeId | 'auto' = isAcceptedFileType(raw) ? raw : 'auto';",
    'const n = value as number;',
    "const v = field(req, 'file_type') ?? 'auto';",
    'const id = x as FileTypeIdList;',
  ];
  for (const source of acceptedCasts) {
    it(`accepts ${source}`, () => {
      const dir = path.join(root, `cast-${n++}`);
      mkdirSync(path.join(dir, 'src', 'web'), { recursive: true });
      writeFileSync(path.join(dir, 'src', 'web', 'page.ts'), `// a page\n${source}\n`);
      const res = lint(dir);
      assert.equal(res.status, 0, res.stdout + res.stderr);
    });
  }
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
