// `npm test`: unit tests (src/**) once, then the cross-cutting and end-to-end tests (test/** but test/chaos/): those
// whose behaviour does not depend on the store once, those that do (they read CONFGATE_TEST_STORE, directly or
// through a test/ module they import: test/support/store.ts) once per store: embedded (PGlite) and PostgreSQL
// (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test). TEST_STORES=embedded limits the run to one
// store on a machine without PostgreSQL; that is never silent: the summary says which stores ran. What the run
// needs is checked before any test runs: PostgreSQL answers, and Chromium for the browser tests and pre-commit for
// the hook's test are there (installed when they can be). The summary gives each part's time and counts, and ends
// with one line "N passed, N failed". `npm test -- --list` prints which files run once and which once per store,
// and runs nothing.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, globSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { CHROMIUM, DEBIAN_CHROMIUM } from '../test/support/chromium.ts';

const stores = (process.env['TEST_STORES'] ?? 'embedded,postgres').split(',').map((s) => s.trim()).filter(Boolean);
/** `--list`: print which files run once and which once per store, run nothing. */
const listOnly = process.argv.includes('--list');
const only = process.argv.slice(2).filter((a) => a !== '--list');
const databaseUrl = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
const tapDir = mkdtempSync(path.join(tmpdir(), 'confgate-tap-'));

async function postgresReachable(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return undefined;
  } catch (err) {
    return (err as Error).message;
  } finally {
    await client.end().catch(() => undefined);
  }
}

interface RunResult {
  label: string;
  files: number;
  pass: number;
  fail: number;
  code: number;
  seconds: number;
}

function runNodeTest(label: string, patterns: string[], env: Record<string, string>): Promise<RunResult> {
  const tap = path.join(tapDir, `${label}.tap`);
  const args = ['--test', '--test-concurrency=3', '--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=tap', `--test-reporter-destination=${tap}`, ...patterns];
  console.log(`\n### ${label}`);
  const started = performance.now();
  const files = patterns.some((p) => p.includes('*')) ? patterns.flatMap((p) => globSync(p)).length : patterns.length;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code) => {
      let text = '';
      try {
        text = readFileSync(tap, 'utf8');
      } catch {
        // No TAP output: the runner itself failed; counted through the exit code.
      }
      const count = (name: string) => Number(new RegExp(`^# ${name} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
      resolve({ label, files, pass: count('pass'), fail: count('fail') + count('cancelled'), code: code ?? 1, seconds: (performance.now() - started) / 1000 });
    });
  });
}

const unknown = stores.filter((s) => s !== 'embedded' && s !== 'postgres');
if (unknown.length) {
  console.error(`TEST_STORES: unknown store(s) ${unknown.join(', ')}; use embedded,postgres`);
  process.exit(2);
}

/**
 * What the browser tests drive: Debian's Chromium, or the build CONFGATE_TEST_CHROMIUM names (test/support/chromium.ts).
 * Checked before anything runs. Debian's is installed when missing where that can be done (root, apt-get:
 * scripts/ensure-deb.sh); otherwise the run stops here with the command that installs it.
 */
function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return;
  if (CHROMIUM === DEBIAN_CHROMIUM) {
    console.log(`${CHROMIUM} is missing; the browser tests (test/browser/) need Debian's chromium package: installing it.`);
    const res = spawnSync('sh', ['scripts/ensure-deb.sh', 'chromium', 'chromium'], { stdio: 'inherit' });
    if (res.status === 0 && existsSync(CHROMIUM)) return;
  }
  console.error(`The browser tests (test/browser/) need Chromium at ${CHROMIUM}, which is missing. Nothing was run.\n`
    + 'Install Debian\'s chromium package as root, then run the tests again:\n'
    + '  apt-get update && apt-get install -y --no-install-recommends chromium\n'
    + '(or name another Chromium executable in CONFGATE_TEST_CHROMIUM).');
  process.exit(2);
}

/** `pre-commit` (Debian's package) for test/pre-commit.test.ts, which runs the hook the way users run it. Installed
 * when missing where that can be done (root, apt-get); otherwise the run stops here with the command. */
function ensurePreCommit(): void {
  if (spawnSync('sh', ['scripts/ensure-deb.sh', 'pre-commit', 'pre-commit'], { stdio: 'inherit' }).status === 0) return;
  console.error('The pre-commit hook\'s test (test/pre-commit.test.ts) needs pre-commit, which is missing. Nothing was run.\n'
    + 'Install Debian\'s pre-commit package as root, then run the tests again:\n'
    + '  apt-get update && apt-get install -y --no-install-recommends pre-commit');
  process.exit(2);
}

/** `openssl` (Debian's package) for the cipher-probe test's legacy server (`openssl s_server` still serves NULL and
 * anonymous suites; test/support/local-sites/openssl-site.ts). Installed when missing where that can be done. */
function ensureOpenssl(): void {
  if (spawnSync('sh', ['scripts/ensure-deb.sh', 'openssl', 'openssl'], { stdio: 'inherit' }).status === 0) return;
  console.error('The cipher-probe test (test/scan/cipher-probe.test.ts) needs openssl, which is missing. Nothing was run.\n'
    + 'Install Debian\'s openssl package as root, then run the tests again:\n'
    + '  apt-get update && apt-get install -y --no-install-recommends openssl');
  process.exit(2);
}

/** One migrated PGlite data directory per run; embedded test stores start as copies of it (test/support/store.ts). */
async function pgliteTemplate(): Promise<string> {
  const { openEmbedded } = await import('../src/storage/embedded.ts');
  const { migrate } = await import('../src/storage/migrate.ts');
  const dir = path.join(tapDir, 'pglite-template');
  const db = await openEmbedded(dir);
  await migrate(db);
  await db.close();
  return dir;
}

/** A test file's first line saying it does not depend on the store although it starts the service (whose store it
 * never reads or asserts: the analysis API). */
const STORE_AGNOSTIC = /^\/\/ npm test: store-agnostic\b/;

/** Whether a test file's behaviour depends on the store: it, or a test/ module it imports (transitively), reads
 * CONFGATE_TEST_STORE (test/support/store.ts does, for every test that opens a store or starts the service on one),
 * unless the file says it is store-agnostic. */
function dependsOnStore(file: string, seen = new Set<string>()): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return false;
  }
  if (seen.size === 1 && STORE_AGNOSTIC.test(text)) return false;
  if (text.includes('CONFGATE_TEST_STORE')) return true;
  for (const m of text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*)'(\.{1,2}\/[^']+\.ts)'/g)) {
    const target = path.join(path.dirname(file), m[1]!);
    if (target.startsWith(`test${path.sep}`) && dependsOnStore(target, seen)) return true;
  }
  return false;
}

const selected = (glob: string) => (only.length ? only.filter((f) => f.startsWith(glob.split('/')[0]!)) : [glob]);
const unit = selected('src/**/*.test.ts');
// test/chaos/ kills processes and stops databases: `npm run test:chaos` runs it, never `npm test`.
const e2e = only.length ? selected('test/**/*.test.ts') : globSync('test/**/*.test.ts', { exclude: ['test/chaos/**'] }).sort();
if (listOnly) {
  const files = e2e.flatMap((f) => (f.includes('*') ? globSync(f, { exclude: ['test/chaos/**'] }).sort() : [f]));
  const once = files.filter((f) => !dependsOnStore(f));
  const marked = (f: string) => STORE_AGNOSTIC.test(readFileSync(f, 'utf8'));
  console.log(`## once (store-agnostic): ${once.length} files`);
  for (const f of once) console.log(`${f}${marked(f) ? ' (marked store-agnostic)' : ''}`);
  console.log(`\n## once per store (${stores.join(', ')}): ${files.length - once.length} files`);
  for (const f of files.filter((f) => dependsOnStore(f))) console.log(f);
  process.exit(0);
}
if (stores.includes('postgres')) {
  const problem = await postgresReachable();
  if (problem) {
    console.error(`PostgreSQL at ${databaseUrl} is not reachable (${problem}).\nStart it, set TEST_DATABASE_URL, or run only the embedded store with TEST_STORES=embedded.`);
    process.exit(2);
  }
}
if (e2e.some((f) => f.startsWith('test/browser/') || f.includes('*'))) ensureChromium();
if (e2e.some((f) => f === 'test/pre-commit.test.ts' || f.includes('*'))) ensurePreCommit();
const e2eFiles = e2e.flatMap((f) => (f.includes('*') ? globSync(f, { exclude: ['test/chaos/**'] }).sort() : [f]));
const perStore = e2eFiles.filter((f) => dependsOnStore(f));
const anyStore = e2eFiles.filter((f) => !dependsOnStore(f));
const results: RunResult[] = [];
if ([...unit, ...e2e].some((f) => f === 'test/scan/cipher-probe.test.ts' || f.includes('*'))) ensureOpenssl();
if (unit.length) results.push(await runNodeTest('unit', unit, {}));
if (anyStore.length) results.push(await runNodeTest('integration (any store)', anyStore, {}));
const template = perStore.length && stores.includes('embedded') ? await pgliteTemplate() : '';
for (const store of perStore.length ? stores : []) {
  results.push(await runNodeTest(`integration-${store}`, perStore, { CONFGATE_TEST_STORE: store, TEST_DATABASE_URL: databaseUrl, CONFGATE_TEST_PGLITE_TEMPLATE: template }));
}
rmSync(tapDir, { recursive: true, force: true });

const pass = results.reduce((n, r) => n + r.pass, 0);
const fail = results.reduce((n, r) => n + r.fail, 0);
console.log('\n## summary');
for (const r of results) {
  console.log(`${r.label}: ${r.files} files, ${r.pass} passed, ${r.fail} failed in ${r.seconds.toFixed(1)} s${r.code !== 0 && r.fail === 0 ? ` (runner exit ${r.code})` : ''}`);
}
console.log(`total: ${results.reduce((s, r) => s + r.seconds, 0).toFixed(1)} s`);
console.log(`stores: ${stores.join(', ')}`);
const failed = fail > 0 || results.some((r) => r.code !== 0) || pass === 0;
console.log(`${pass} passed, ${fail} failed`);
process.exit(failed ? 1 : 0);
