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
function bigFile(): string {
  let out = '';
  for (let i = 0; out.length < 100_000; i++) out += `${corpus.map((c) => c.replace(/ AS (\w+)/g, ` AS $1${i}`).replace(/--from=(\w+)/g, `--from=$1${i}`)).join('\n')}\n`;
  return out;
}

export default async function run(): Promise<SuiteResult> {
  const perFile = (fn: (t: string) => unknown) => timeIt(() => corpus.forEach(fn), 1000).meanMs / corpus.length;
  const oursMs = perFile(ours);
  const lintMs = perFile((t) => dockerfilelint.run('/nonexistent', t));
  const utilsMs = perFile((t) => validate(t));
  const big = bigFile();
  const bigMs = timeIt(() => ours(big), 1000, 3).meanMs;
  const rows = [
    ['confgate (parse + all rules)', oursMs, '1.00x'],
    ['dockerfilelint', lintMs, ratio(lintMs, oursMs)],
    ['dockerfile-utils validate', utilsMs, ratio(utilsMs, oursMs)],
  ] as const;
  console.log(`corpus: ${corpus.length} files; mean ms per file (ratio = baseline / ours)`);
  for (const [name, ms, r] of rows) console.log(`  ${name.padEnd(30)} ${ms.toFixed(4).padStart(9)} ms   ${r}`);
  console.log(`  100 KB file (${(big.length / 1024).toFixed(0)} KiB, ${big.split('\n').length} lines), all rules: ${bigMs.toFixed(2)} ms (target < 20 ms)`);
  return {
    suite: 'dockerfile',
    results: {
      files: corpus.length,
      ours_ms_per_file: oursMs,
      dockerfilelint_ms_per_file: lintMs,
      dockerfile_utils_ms_per_file: utilsMs,
      vs_dockerfilelint: ratio(lintMs, oursMs),
      vs_dockerfile_utils: ratio(utilsMs, oursMs),
      big_file_bytes: big.length,
      big_file_ms: bigMs,
    },
  };
}
