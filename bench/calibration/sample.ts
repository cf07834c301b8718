// Draws the reviewed sample of issue #19: a seeded, reproducible random sample of the medium-or-higher findings our
// analysis reports on the calibration corpus's files (each analysed alone, as the calibration bench does), printed
// one per line — index, file:line, rule, severity, message — for a reviewer to judge against the file and the
// policy (bench/README.md, "calibration": the recorded sample and its verdicts).
//   npx node bench/calibration/sample.ts --corpus=<corpus> [--seed=19] [--size=100] [--types=dockerfile,compose]
// --types: the corpus file types drawn from (default the Dockerfile and Compose files the severity review covers).
// The same corpus, ruleset and seed always give the same sample (the ruleset and scoring versions are printed).
import { readFileSync } from 'node:fs';
import { analyzeFile, UnsupportedFileType } from '../../src/analysis/analyze.ts';
import type { FileInput, FileReport } from '../../src/analysis/analyze.ts';
import { SEVERITY_RANK } from '../../src/core/scoring.ts';
import type { Finding } from '../../src/core/types.ts';
import { optionValue } from '../options.ts';
import { corpusPath, loadCorpus } from './corpus.ts';
import type { FileLabel } from './corpus.ts';

export interface SampledFinding {
  file: string;
  line: number;
  rule: string;
  severity: Finding['severity'];
  message: string;
}

/** mulberry32: a small seeded PRNG, so the sample depends on the seed only. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `size` items drawn without replacement (a partial Fisher-Yates shuffle of a copy), in drawing order. */
export function draw<T>(items: readonly T[], size: number, seed: number): T[] {
  const pool = [...items];
  const random = prng(seed);
  const n = Math.min(size, pool.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, n);
}

/** Every medium-or-higher finding of the files, in a stable order (file, line, column, rule). */
export function mediumOrHigher(reports: readonly { file: string; findings: readonly Finding[] }[]): SampledFinding[] {
  const out = reports.flatMap(({ file, findings }) =>
    findings
      .filter((f) => SEVERITY_RANK[f.severity] >= SEVERITY_RANK.medium)
      .map((f) => ({ file, line: f.location.start_line, column: f.location.start_column, rule: `${f.rule_id} ${f.rule_name}`, severity: f.severity, message: f.message })),
  );
  out.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column || (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0)));
  return out.map(({ column: _column, ...f }) => f);
}

function analyse(input: FileInput, type: FileLabel['type']): FileReport {
  try {
    return analyzeFile(input, { helpBaseUrl: 'http://bench' });
  } catch (err) {
    if (!(err instanceof UnsupportedFileType)) throw err;
    return analyzeFile({ ...input, fileType: type }, { helpBaseUrl: 'http://bench' });
  }
}

if (import.meta.main) {
  const corpusDir = optionValue('corpus') ?? process.env['CONFGATE_CORPUS'];
  if (!corpusDir) throw new Error('sample: give the materialised corpus with --corpus=<dir> (bench/calibration/README.md)');
  const seed = Number(optionValue('seed') ?? 19);
  const size = Number(optionValue('size') ?? 100);
  const types = new Set((optionValue('types') ?? 'dockerfile,compose').split(','));
  const corpus = loadCorpus();
  const files = corpus.files.filter((f) => types.has(f.type));
  const versions = new Set<string>();
  const reports = files.map((f) => {
    const report = analyse({ filename: f.path, content: readFileSync(corpusPath(corpusDir, f), 'utf8') }, f.type);
    versions.add(`ruleset ${report.ruleset_version}, scoring ${report.scoring_version}`);
    return { file: `${f.repo}:${f.path}`, findings: report.findings };
  });
  const all = mediumOrHigher(reports);
  const bySeverity = new Map<string, number>();
  for (const f of all) bySeverity.set(f.severity, (bySeverity.get(f.severity) ?? 0) + 1);
  console.log(`${[...versions].join('; ')}; seed ${seed}`);
  console.log(`${all.length} medium-or-higher findings on ${files.length} files (${[...types].join(', ')}) (${[...bySeverity].map(([s, n]) => `${s} ${n}`).join(', ')}); sample of ${Math.min(size, all.length)}:`);
  draw(all, size, seed).forEach((f, i) => console.log(`${String(i + 1).padStart(3)}  ${f.file}:${f.line}  ${f.rule}  ${f.severity}  ${f.message}`));
}
