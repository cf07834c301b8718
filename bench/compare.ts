// `npm run bench:compare -- <git-rev> [corpus|sample|compose|big|compose-big]`: the analysis speed of the working tree
// against another revision, both loaded into this one process and timed in alternating slices. On a shared or
// throttled machine two separate runs can differ by 2x; alternating slices in one process see the same
// conditions, so the ratio of the two is what to read (the fastest slice of each, and the median of the
// per-pair ratios). The other revision is checked out into a temporary git worktree (removed at the end) that
// uses this checkout's node_modules.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, timeIt } from './measure.ts';
import { COMPOSE, DOCKERFILE } from './samples.ts';
import { bigFile as bigComposeFile } from './suites/compose.ts';
import { bigFile as bigDockerfile } from './suites/dockerfile.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [rev, kind = 'corpus'] = process.argv.slice(2);
const KINDS = ['corpus', 'sample', 'compose', 'big', 'compose-big'];
if (!rev || !KINDS.includes(kind)) {
  console.error(`usage: npm run bench:compare -- <git-rev> [${KINDS.join('|')}]`);
  process.exit(2);
}

type Analyze = (fileType: 'dockerfile' | 'compose', text: string) => void;

/** A type's analyzer in the checkout at `dir`: from its list of file types, or its rule index in revisions before the list. */
async function analyzerOf(dir: string): Promise<(fileType: string) => unknown> {
  const list = path.join(dir, 'src/analysis/file-types/index.ts');
  if (existsSync(list)) {
    const types = (await import(list)) as { fileType: (id: string) => { analyzer: unknown } };
    return (id) => types.fileType(id).analyzer;
  }
  const rules = (await import(path.join(dir, 'src/rules/index.ts'))) as { ANALYZERS: Record<string, unknown> };
  return (id) => rules.ANALYZERS[id];
}

async function load(dir: string): Promise<Analyze> {
  const analyzer = await analyzerOf(dir);
  const core = (await import(path.join(dir, 'src/core/analyze.ts'))) as { runAnalyzer: (a: unknown, text: string, o: unknown) => unknown };
  const options = { helpBaseUrl: 'http://bench' };
  return (fileType, text) => void core.runAnalyzer(analyzer(fileType), text, options);
}

function inputs(): ['dockerfile' | 'compose', string][] {
  if (kind === 'sample') return [['dockerfile', DOCKERFILE]];
  if (kind === 'compose') return [['compose', COMPOSE]];
  if (kind === 'big') return [['dockerfile', bigDockerfile()]];
  if (kind === 'compose-big') return [['compose', bigComposeFile()]];
  const dir = path.join(root, 'test/fixtures/dockerfile');
  return readdirSync(dir).filter((f) => f.endsWith('.Dockerfile')).sort().map((f) => ['dockerfile', readFileSync(path.join(dir, f), 'utf8')] as const);
}

/** Mean milliseconds per call over a slice of `ms`. */
const slice = (fn: () => void, ms: number): number => timeIt(fn, ms, 0).meanMs;

const worktree = mkdtempSync(path.join(tmpdir(), 'confgate-compare-'));
try {
  execFileSync('git', ['-C', root, 'worktree', 'add', '--detach', '--quiet', worktree, rev], { stdio: 'inherit' });
  symlinkSync(path.join(root, 'node_modules'), path.join(worktree, 'node_modules'));
  const other = await load(worktree);
  const ours = await load(root);
  const files = inputs();
  const run = (analyze: Analyze) => () => files.forEach(([type, text]) => analyze(type, text));
  const [a, b] = [run(other), run(ours)];
  // The same warm-up for both, then pairs in alternating order.
  slice(a, 2000);
  slice(b, 2000);
  const theirs: number[] = [];
  const mine: number[] = [];
  for (let i = 0; i < 30; i++) {
    if (i % 2 === 0) theirs.push(slice(a, 150)), mine.push(slice(b, 150));
    else mine.push(slice(b, 150)), theirs.push(slice(a, 150));
  }
  const ratios = theirs.map((t, i) => t / mine[i]!).sort((x, y) => x - y);
  const fmt = (ms: number) => (ms < 1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(2)} ms`);
  console.log(`${kind} (${files.length} file${files.length > 1 ? 's' : ''}) per pass: ${rev} fastest ${fmt(Math.min(...theirs))}, working tree fastest ${fmt(Math.min(...mine))}`);
  console.log(`speed-up of the working tree: ${(Math.min(...theirs) / Math.min(...mine)).toFixed(2)}x by fastest slices, ${median(ratios).toFixed(2)}x by median pair (pairs range ${ratios[0]!.toFixed(2)}-${ratios[ratios.length - 1]!.toFixed(2)})`);
} finally {
  execFileSync('git', ['-C', root, 'worktree', 'remove', '--force', worktree], { stdio: 'ignore' });
  rmSync(worktree, { recursive: true, force: true });
}
