// Safe fixes on real files (issue 23): `fix: "safe"` applied to every file of the calibration corpus alone, and to every
// labelled project, in-process through the pipeline the HTTP API runs (src/analysis/fix.ts). Checks, on every file: the
// score never gets lower, the fixed file never has more syntax findings (it still parses), no rule gains a finding,
// and fixing the result again applies nothing. Prints the share of files passing the default gate before and after,
// the fixes applied by rule, and every file that breaks a law (none expected). A benchmark of judgement, not speed.
//   npm run bench -- fixes --corpus <dir>        (or CONFGATE_CORPUS=<dir>); --min-score N (the gate, default 80)
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { analyzeFile, UnsupportedFileType } from '../../src/analysis/analyze.ts';
import type { FileInput } from '../../src/analysis/analyze.ts';
import { fixFile, fixFileRun, fixProject, MAX_FIX_PASSES } from '../../src/analysis/fix.ts';
import type { EngineOptions } from '../../src/core/engine.ts';
import type { Finding } from '../../src/core/types.ts';
import { DEFAULT_MIN_SCORE } from '../calibration/compare.ts';
import { CORPUS_FILE_TYPES, corpusPath, labelIndex, loadCorpus, memberPath } from '../calibration/corpus.ts';
import type { FileLabel } from '../calibration/corpus.ts';
import { optionValue } from '../options.ts';
import type { SuiteResult } from '../run.ts';

const pct = (n: number, d: number): string => (d === 0 ? '—' : `${((100 * n) / d).toFixed(1)} %`);

function counts(findings: readonly Finding[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const f of findings) out.set(f.rule_id, (out.get(f.rule_id) ?? 0) + 1);
  return out;
}

const syntax = (findings: readonly Finding[]) => findings.filter((f) => f.category === 'syntax').length;

export default async function run(): Promise<SuiteResult | undefined> {
  const root = optionValue('corpus') ?? process.env['CONFGATE_CORPUS'];
  if (!root) {
    console.log('fixes: no corpus given, nothing measured. Give its directory with --corpus <dir> (bench/README.md, "calibration").');
    return undefined;
  }
  const minScore = Number(optionValue('min-score') ?? DEFAULT_MIN_SCORE);
  const corpus = loadCorpus();
  const texts = new Map<FileLabel, string>();
  for (const f of corpus.files) {
    const file = corpusPath(root, f);
    if (!existsSync(file)) throw new Error(`fixes: ${f.repo}:${f.path} is missing (${file})`);
    const bytes = readFileSync(file);
    if (createHash('sha256').update(bytes).digest('hex') !== f.sha256) throw new Error(`fixes: ${f.repo}:${f.path} changed (${file})`);
    texts.set(f, bytes.toString('utf8'));
  }
  const engine: EngineOptions = { helpBaseUrl: 'http://bench' };
  const started = performance.now();
  const broken: string[] = [];
  const byRule = new Map<string, number>();
  const byType = new Map<string, { files: number; fixed: number; applied: number; passBefore: number; passAfter: number; gained: number }>();
  let pinnedByPasses = 0;
  let passAfterAll = 0;
  for (const f of corpus.files) {
    const id = `${f.repo}:${f.path}`;
    let input: FileInput = { filename: f.path, content: texts.get(f)! };
    try {
      analyzeFile(input, engine);
    } catch (err) {
      if (!(err instanceof UnsupportedFileType)) throw err;
      input = { ...input, fileType: f.type };
    }
    const { report: result, passes } = fixFileRun(input, engine, 'safe');
    const { fixed } = result;
    const after = analyzeFile({ ...input, content: fixed.content, fileType: result.file_type }, engine);
    if (fixed.score < result.score) broken.push(`${id}: score ${result.score} → ${fixed.score}`);
    if (syntax(after.findings) > syntax(result.findings)) broken.push(`${id}: syntax findings ${syntax(result.findings)} → ${syntax(after.findings)}`);
    const before = counts(result.findings);
    for (const [rule, n] of counts(after.findings)) if (n > (before.get(rule) ?? 0)) broken.push(`${id}: ${rule} ${before.get(rule) ?? 0} → ${n}`);
    for (const [rule, n] of before) {
      const gone = n - (counts(after.findings).get(rule) ?? 0);
      if (gone > 0) byRule.set(rule, (byRule.get(rule) ?? 0) + gone);
    }
    if (passes >= MAX_FIX_PASSES) pinnedByPasses++;
    // For comparison only: the unsafe fixes too (what `fix: "all"` would leave).
    if (fixFile(input, engine, 'all').fixed.score >= minScore) passAfterAll++;
    const again = fixFile({ ...input, content: fixed.content, fileType: result.file_type }, engine, 'safe');
    if (again.fixed.applied > 0) broken.push(`${id}: fixing again applies ${again.fixed.applied} more`);
    const t = byType.get(f.type) ?? { files: 0, fixed: 0, applied: 0, passBefore: 0, passAfter: 0, gained: 0 };
    t.files++;
    if (fixed.applied > 0) t.fixed++;
    t.applied += fixed.applied;
    if (result.score >= minScore) t.passBefore++;
    if (fixed.score >= minScore) t.passAfter++;
    t.gained += fixed.score - result.score;
    byType.set(f.type, t);
  }
  // Projects: every labelled project fixed as a project (cross-file findings re-read after each pass).
  const index = labelIndex(corpus);
  let projectFilesWorse = 0;
  let projectsPassBefore = 0;
  let projectsPassAfter = 0;
  for (const p of corpus.projects) {
    const inputs = p.files.map((name) => ({ filename: name, content: texts.get(index.get(`${p.repo}:${memberPath(p, name)}`)!)! }));
    const report = fixProject(inputs, engine, 'safe');
    for (const f of report.files) if (f.fixed.score < f.report.score) projectFilesWorse++;
    if (report.score >= minScore) projectsPassBefore++;
    const after = fixProject(inputs.map((x, i) => ({ ...x, content: report.files[i]!.fixed.content })), engine, 'safe');
    if (after.score >= minScore) projectsPassAfter++;
    if (after.files.some((f) => f.fixed.applied > 0)) broken.push(`${p.repo}:${p.name}: fixing the project again applies more`);
  }
  const seconds = (performance.now() - started) / 1000;

  const total = [...byType.values()].reduce((a, t) => ({ files: a.files + t.files, fixed: a.fixed + t.fixed, applied: a.applied + t.applied, passBefore: a.passBefore + t.passBefore, passAfter: a.passAfter + t.passAfter, gained: a.gained + t.gained }), { files: 0, fixed: 0, applied: 0, passBefore: 0, passAfter: 0, gained: 0 });
  console.log(`corpus: ${corpus.files.length} files, ${corpus.projects.length} projects; gate: score >= ${minScore}; fix: "safe"; ${seconds.toFixed(1)} s`);
  console.log('\nfiles                  changed          fixes   passing before → after   mean score gain');
  for (const [name, t] of [...CORPUS_FILE_TYPES.filter((x) => byType.has(x)).map((x) => [x, byType.get(x)!] as const), ['all', total] as const]) {
    console.log(`${name.padEnd(22)} ${`${t.fixed}/${t.files}`.padStart(7)} ${pct(t.fixed, t.files).padStart(8)} ${String(t.applied).padStart(6)}   ${pct(t.passBefore, t.files).padStart(8)} → ${pct(t.passAfter, t.files).padStart(8)}   ${(t.gained / t.files).toFixed(1).padStart(6)}`);
  }
  console.log(`passing with fix: "all" (unsafe fixes too, for comparison): ${pct(passAfterAll, total.files)}`);
  console.log(`projects passing: ${pct(projectsPassBefore, corpus.projects.length)} → ${pct(projectsPassAfter, corpus.projects.length)}; project files with a lower score after fixing: ${projectFilesWorse}`);
  console.log(`\nfindings removed by rule: ${[...byRule].sort((a, b) => b[1] - a[1]).map(([r, n]) => `${r} ${n}`).join(', ')}`);
  console.log(`files stopped by the ${MAX_FIX_PASSES}-pass limit: ${pinnedByPasses}`);
  console.log(`laws broken (lower score, new syntax finding, a rule gaining a finding, not idempotent): ${broken.length}`);
  for (const b of broken) console.log(`  ${b}`);
  return {
    suite: 'fixes',
    results: {
      files: total.files,
      filesChanged: total.fixed,
      fixesApplied: total.applied,
      passingBefore: total.passBefore / total.files,
      passingAfter: total.passAfter / total.files,
      passingAfterAll: passAfterAll / total.files,
      byType: Object.fromEntries(byType),
      projects: { count: corpus.projects.length, passingBefore: projectsPassBefore, passingAfter: projectsPassAfter, filesWorse: projectFilesWorse },
      removedByRule: Object.fromEntries(byRule),
      lawsBroken: broken,
      seconds,
    },
  };
}
