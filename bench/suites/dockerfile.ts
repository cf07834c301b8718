// Dockerfile analysis speed: our full pipeline (parse + every rule, as the API runs it) per file on the
// realistic fixtures, against dockerfilelint and dockerfile-utils (validate) measured in the same run; plus one
// 100 KB file. Ratios are "baseline time / our time": above 1 means we are faster.
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { validate } from 'dockerfile-utils';
import { runAnalyzer } from '../../src/core/analyze.ts';
import { dockerfileAnalyzer } from '../../src/rules/dockerfile/index.ts';
import { ratio, timeIt } from '../measure.ts';
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

/** Each tool is measured twice: from cold (its first second, JIT tiers still compiling) and in the steady state a
 * running service sees, after the same warm-up for every tool. The steady state is what the targets compare. */
function perFile(fn: (t: string) => unknown): { coldMs: number; warmMs: number } {
  const coldMs = timeIt(() => corpus.forEach(fn), 1000).meanMs / corpus.length;
  timeIt(() => corpus.forEach(fn), 2000, 0);
  const warmMs = timeIt(() => corpus.forEach(fn), 1000, 0).meanMs / corpus.length;
  return { coldMs, warmMs };
}

export default async function run(): Promise<SuiteResult> {
  const oursMs = perFile(ours);
  const lintMs = perFile((t) => dockerfilelint.run('/nonexistent', t));
  const utilsMs = perFile((t) => validate(t));
  const big = bigFile();
  const bigMs = timeIt(() => ours(big), 1000, 3).meanMs;
  const rows = [
    ['confgate (parse + all rules)', oursMs, '1.00x', '1.00x'],
    ['dockerfilelint', lintMs, ratio(lintMs.warmMs, oursMs.warmMs), ratio(lintMs.coldMs, oursMs.coldMs)],
    ['dockerfile-utils validate', utilsMs, ratio(utilsMs.warmMs, oursMs.warmMs), ratio(utilsMs.coldMs, oursMs.coldMs)],
  ] as const;
  console.log(`corpus: ${corpus.length} files; mean ms per file, warm (after 2 s of warm-up) and cold (first second); ratio = baseline / ours`);
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
      vs_dockerfilelint: ratio(lintMs.warmMs, oursMs.warmMs),
      vs_dockerfile_utils: ratio(utilsMs.warmMs, oursMs.warmMs),
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
