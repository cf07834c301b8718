// Compose analysis speed: our full pipeline (parse + every rule, schema validation included, as the API runs
// it) per fixture file and on one ~100 KB file (target < 30 ms), against a plain `yaml` parse of the same
// text measured in the same run. Ratios are "baseline time / our time": below 1 means we take longer than a
// bare parse, and the ratio says by how much (we parse, build the model, validate and run 47 rules).
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { fastParse } from '../../src/analyzers/yaml/fast-yaml.ts';
import { parseCompose } from '../../src/analyzers/compose/parse.ts';
import { Positions } from '../../src/analyzers/yaml/yaml-tree.ts';
import { runAnalyzer } from '../../src/core/analyze.ts';
import { composeAnalyzer } from '../../src/rules/compose/index.ts';
import { ratio, timeIt } from '../measure.ts';
import type { SuiteResult } from '../run.ts';

const dir = fileURLToPath(new URL('../../test/fixtures/compose/', import.meta.url));
const corpus = readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort().map((f) => readFileSync(`${dir}${f}`, 'utf8'));
const options = { helpBaseUrl: 'http://bench' };

function ours(text: string): number {
  return runAnalyzer(composeAnalyzer, text, options).run.findings.length;
}

/** The baseline: parse and resolve to plain data (merge keys on; the alias cap off, as the big file has many). */
function plainYaml(text: string): unknown {
  return parseAllDocuments(text, { merge: true }).map((d) => d.toJS({ maxAliasCount: -1 }));
}

/** About 100 KB: the hardened fixture's services repeated under new names (references renamed to match). */
export function bigFile(): string {
  const source = corpus[0]!;
  const head = source.slice(0, source.indexOf('services:\n') + 'services:\n'.length);
  const services = source.slice(head.length, source.indexOf('\nnetworks:'));
  const tail = source.slice(source.indexOf('\nnetworks:'));
  let body = '';
  for (let i = 0; head.length + body.length + tail.length < 100_000; i++) {
    body += services
      .replace(/^ {2}(\w+):$/gm, `  $1${i}:`)
      .replace(/extends: web$/m, `extends: web${i}`)
      .replace(/^( {6})(db|cache):$/gm, `$1$2${i}:`)
      .replace(/depends_on: \[db\]/, `depends_on: [db${i}]`)
      .replace(/127\.0\.0\.1:(\d+):/g, (_m, p: string) => `127.0.0.1:${Number(p) + i * 2}:`);
  }
  return head + body + tail;
}

export default async function run(): Promise<SuiteResult> {
  const perFile = (fn: (t: string) => unknown) => timeIt(() => corpus.forEach(fn), 1000).meanMs / corpus.length;
  const oursMs = perFile(ours);
  const yamlMs = perFile(plainYaml);
  const big = bigFile();
  const bigMs = timeIt(() => ours(big), 1000, 3).meanMs;
  const bigParseMs = timeIt(() => parseCompose(big), 1000, 3).meanMs;
  const bigYamlMs = timeIt(() => plainYaml(big), 1000, 3).meanMs;
  const rows: [string, number, string][] = [
    ['fixtures: confgate (parse + all rules)', oursMs, ratio(yamlMs, oursMs)],
    ['fixtures: plain yaml parse (baseline)', yamlMs, '1.00x'],
    [`${Math.round(big.length / 1024)} KB: confgate (parse + all rules)`, bigMs, ratio(bigYamlMs, bigMs)],
    [`${Math.round(big.length / 1024)} KB: parseCompose only`, bigParseMs, ratio(bigYamlMs, bigParseMs)],
    [`${Math.round(big.length / 1024)} KB: plain yaml parse (baseline)`, bigYamlMs, '1.00x'],
  ];
  for (const [name, ms, r] of rows) console.log(`${name.padEnd(44)} ${ms.toFixed(3).padStart(9)} ms   ${r} vs baseline`);
  const bigFindings = ours(big);
  // Which parser ran: the fast one reads plain Compose YAML; anything else takes the slower `yaml` package path.
  const fastPath = [...corpus, big].every((t) => fastParse(new Positions(t)) !== undefined);
  console.log(`fast parser read every file: ${fastPath ? 'yes' : 'NO (some took the yaml package path)'}`);
  console.log(`100 KB target < 30 ms: ${bigMs < 30 ? 'met' : 'NOT met'} (${bigMs.toFixed(1)} ms, ${bigFindings} findings)`);
  return {
    suite: 'compose',
    results: {
      fixtures: corpus.length,
      perFileMs: oursMs,
      perFileYamlMs: yamlMs,
      perFileRatio: ratio(yamlMs, oursMs),
      bigFileBytes: big.length,
      bigFileMs: bigMs,
      bigFileParseOnlyMs: bigParseMs,
      bigFileYamlMs: bigYamlMs,
      bigFileRatio: ratio(bigYamlMs, bigMs),
      bigFileFindings: bigFindings,
      targetMet: bigMs < 30,
      fastPath,
    },
  };
}
