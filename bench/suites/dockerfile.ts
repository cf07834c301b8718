// Dockerfile analysis speed: our full pipeline (parse + every rule, as the API runs it) per file on the
// realistic fixtures, against dockerfilelint and dockerfile-utils (validate) measured in the same run; plus one
// 100 KB file. Ratios are "baseline time / our time": above 1 means we are faster.
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { validate } from 'dockerfile-utils';
import { runAnalyzer } from '../../src/core/analyze.ts';
import { dockerfileAnalyzer } from '../../src/rules/dockerfile/index.ts';
import { median, ratio, timeIt } from '../measure.ts';
import type { SuiteResult } from '../run.ts';

const require = createRequire(import.meta.url);
const dockerfilelint = require('dockerfilelint') as { run: (configPath: string, content: string) => unknown };

const dir = fileURLToPath(new URL('../../test/fixtures/dockerfile/', import.meta.url));
const corpus = readdirSync(dir).filter((f) => f.endsWith('.Dockerfile')).sort().map((f) => readFileSync(`${dir}${f}`, 'utf8'));
const options = { helpBaseUrl: 'http://bench' };

function ours(text: string): unknown {
  return runAnalyzer(dockerfileAnalyzer, text, options).run.findings.length;
}

/** About 100 KB: the corpus repeated, every repetition's stages renamed so the file stays realistic. */
export function bigFile(): string {
  let out = '';
  for (let i = 0; out.length < 100_000; i++) out += `${corpus.map((c) => c.replace(/ AS (\w+)/g, ` AS $1${i}`).replace(/--from=(\w+)/g, `--from=$1${i}`)).join('\n')}\n`;
  return out;
}

const WARM_ROUNDS = 8;
const WARM_SLICE_MS = 250;

interface PerFile {
  coldMs: number;
  /** Median of the rounds. */
  warmMs: number;
  rounds: number[];
}

/**
 * Each tool is measured twice: from cold (its first second, JIT tiers still compiling) and in the steady state a
 * running service sees, after 2 s of warm-up for every tool. The steady state is what the targets compare, and it is
 * taken in rounds: each round times every tool for a slice in turn, so a change in the load of a shared machine lands
 * on all of them (measured one after the other, the ratio to dockerfilelint swung between 0.96x and 1.29x over three
 * runs of the same code); each ratio is the median of its per-round ratios.
 */
function perFile(tools: readonly ((t: string) => unknown)[]): PerFile[] {
  const results = tools.map((fn) => {
    const coldMs = timeIt(() => corpus.forEach(fn), 1000).meanMs / corpus.length;
    timeIt(() => corpus.forEach(fn), 2000, 0);
    return { coldMs, warmMs: 0, rounds: [] as number[] };
  });
  for (let r = 0; r < WARM_ROUNDS; r++) tools.forEach((fn, k) => results[k]!.rounds.push(timeIt(() => corpus.forEach(fn), WARM_SLICE_MS, 0).meanMs / corpus.length));
  for (const x of results) x.warmMs = median(x.rounds);
  return results;
}

/** Baseline time over ours, per round, then the median: above 1 we are faster. */
function warmRatio(baseline: PerFile, ours: PerFile): string {
  return `${median(baseline.rounds.map((b, r) => b / ours.rounds[r]!)).toFixed(2)}x`;
}

export default async function run(): Promise<SuiteResult> {
  const [oursMs, lintMs, utilsMs] = perFile([ours, (t) => dockerfilelint.run('/nonexistent', t), (t) => validate(t)]) as [PerFile, PerFile, PerFile];
  const big = bigFile();
  const bigMs = timeIt(() => ours(big), 1000, 3).meanMs;
  const rows = [
    ['confgate (parse + all rules)', oursMs, '1.00x', '1.00x'],
    ['dockerfilelint', lintMs, warmRatio(lintMs, oursMs), ratio(lintMs.coldMs, oursMs.coldMs)],
    ['dockerfile-utils validate', utilsMs, warmRatio(utilsMs, oursMs), ratio(utilsMs.coldMs, oursMs.coldMs)],
  ] as const;
  console.log(`corpus: ${corpus.length} files; ms per file, warm (after 2 s of warm-up; median of ${WARM_ROUNDS} rounds of ${WARM_SLICE_MS} ms per tool, taken in turn) and cold (first second); ratio = baseline / ours`);
  for (const [name, ms, warm, cold] of rows) {
    console.log(`  ${name.padEnd(30)} warm ${ms.warmMs.toFixed(4).padStart(8)} ms ${warm.padStart(7)}   cold ${ms.coldMs.toFixed(4).padStart(8)} ms ${cold.padStart(7)}`);
  }
  console.log(`  100 KB file (${(big.length / 1024).toFixed(0)} KiB, ${big.split('\n').length} lines), all rules: ${bigMs.toFixed(2)} ms (target < 20 ms)`);
  return {
    suite: 'dockerfile',
    results: {
      files: corpus.length,
      ours_ms_per_file: oursMs.warmMs,
      dockerfilelint_ms_per_file: lintMs.warmMs,
      dockerfile_utils_ms_per_file: utilsMs.warmMs,
      vs_dockerfilelint: warmRatio(lintMs, oursMs),
      vs_dockerfile_utils: warmRatio(utilsMs, oursMs),
      cold: {
        ours_ms_per_file: oursMs.coldMs,
        dockerfilelint_ms_per_file: lintMs.coldMs,
        dockerfile_utils_ms_per_file: utilsMs.coldMs,
        vs_dockerfilelint: ratio(lintMs.coldMs, oursMs.coldMs),
        vs_dockerfile_utils: ratio(utilsMs.coldMs, oursMs.coldMs),
      },
      big_file_bytes: big.length,
      big_file_ms: bigMs,
    },
  };
}
