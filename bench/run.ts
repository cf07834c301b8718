// `npm run bench [-- suite ...]`: runs every suite in bench/suites (or the named ones). Each suite measures
// our code against a baseline in the same run and prints ratios; it writes its figures to bench/results/.
// `--peers DIR` gives the peers suite its checkouts, `--corpus DIR` the calibration suite its corpus (bench/options.ts).
import { readdir, writeFile, mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { VALUE_OPTIONS } from './options.ts';

export interface SuiteResult {
  suite: string;
  /** Free-form figures; ratios are always "ours relative to the baseline measured in this run". */
  results: Record<string, unknown>;
  /** The results file's name without `.json` when a suite's runs differ by more than its name (load: one file
   * per store, so a run on one store does not overwrite the other's figures). Default: the suite's name. */
  file?: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const available = (await readdir(path.join(here, 'suites'))).filter((f) => f.endsWith('.ts')).map((f) => f.slice(0, -3)).sort();
const wanted = process.argv.slice(2).filter((a, i, all) => !a.startsWith('-') && !VALUE_OPTIONS.has(all[i - 1]!));
const unknown = wanted.filter((w) => !available.includes(w));
if (unknown.length > 0) {
  console.error(`unknown bench suite(s): ${unknown.join(', ')}; available: ${available.join(', ')}`);
  process.exit(2);
}
await mkdir(path.join(here, 'results'), { recursive: true });
for (const name of wanted.length > 0 ? wanted : available) {
  console.log(`\n== ${name}`);
  const mod = (await import(path.join(here, 'suites', `${name}.ts`))) as { default: () => Promise<SuiteResult | undefined> };
  const result = await mod.default();
  // A suite with nothing to measure (peers without checkouts, calibration without a corpus) keeps its last recorded figures.
  if (!result) continue;
  const { file = name, ...figures } = result;
  await writeFile(path.join(here, 'results', `${file}.json`), `${JSON.stringify({ ...figures, node: process.version, date: new Date().toISOString() }, null, 2)}\n`);
}
