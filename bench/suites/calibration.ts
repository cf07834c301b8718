// Calibration against real files: every labelled file of the corpus (bench/calibration/corpus.json) analysed alone,
// and every labelled project analysed as a project, in-process through the pipeline the HTTP API runs; each
// verdict of the default gate compared with the hand label. Prints gate agreement both ways (files and projects,
// per type), the share of files passing, must-find recall, per-rule firing rates and severities, and every
// disagreement. A benchmark of judgement, not of speed (bench/README.md, "calibration").
//   npm run bench -- calibration --corpus <dir>        (or CONFGATE_CORPUS=<dir>)
// Options: --min-score N (the gate, default 80), --rules <json file> (the API's `rules`: {"enable": [...],
// "disable": [...], "severity": {...}, "options": {...}}), --profile recommended|strict; each also as --name=value.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { analyzeFile, analyzeProject, UnsupportedFileType } from '../../src/analysis/analyze.ts';
import type { FileInput, FileReport } from '../../src/analysis/analyze.ts';
import type { EngineOptions, RuleConfig } from '../../src/core/engine.ts';
import { engineConfig, resolveRuleConfig } from '../../src/analysis/rule-config.ts';
import type { Finding } from '../../src/core/types.ts';
import { ANALYSIS_RULES } from '../../src/analysis/catalogue.ts';
import { agreement, costly, DEFAULT_MIN_SCORE, gate, isFound, recall, ruleFiring } from '../calibration/compare.ts';
import type { Agreement, Outcome, Recall } from '../calibration/compare.ts';
import { conceptRules, CORPUS_FILE_TYPES, corpusPath, corpusProblems, labelIndex, loadConcepts, loadCorpus, memberPath } from '../calibration/corpus.ts';
import type { FileLabel } from '../calibration/corpus.ts';
import { optionValue } from '../options.ts';
import type { SuiteResult } from '../run.ts';

interface Settings {
  corpus: string;
  minScore: number;
  profile: string;
  /** The profile and rules, resolved as the API resolves a request's. */
  rules: RuleConfig;
  /** `--owner-is-first-party`: each file analysed with its repository's owner as `first_party_owners` of the pinning
   * rules (CGW003, CGA002), as a CI job passing `$GITHUB_REPOSITORY_OWNER` would. */
  ownerFirstParty: boolean;
}

/** The run's settings, or undefined (with how to give a corpus printed) when no corpus is given. */
function settings(): Settings | undefined {
  const corpus = optionValue('corpus') ?? process.env['CONFGATE_CORPUS'];
  if (!corpus) {
    console.log('calibration: no corpus given, nothing measured. Give its directory with --corpus <dir> or CONFGATE_CORPUS=<dir>;');
    console.log('bench/README.md ("calibration") shows how to fetch the repositories and materialise the corpus.');
    return undefined;
  }
  if (!existsSync(corpus)) throw new Error(`calibration: corpus directory ${corpus} does not exist`);
  const profile = optionValue('profile') ?? 'recommended';
  const rulesFile = optionValue('rules');
  const resolved = resolveRuleConfig(profile, rulesFile ? JSON.parse(readFileSync(rulesFile, 'utf8')) : undefined, 'options');
  if ('refusal' in resolved) throw new Error(`calibration: ${resolved.refusal.message.replace(/^options\.rules/, '--rules').replace(/^options\.profile/, '--profile')}`);
  const rules = engineConfig(resolved.config);
  const minScore = Number(optionValue('min-score') ?? DEFAULT_MIN_SCORE);
  if (!Number.isInteger(minScore) || minScore < 0 || minScore > 100) throw new Error('calibration: --min-score must be an integer from 0 to 100');
  return { corpus, minScore, profile, rules, ownerFirstParty: process.argv.includes('--owner-is-first-party') };
}

/** Every file's text, after checking each sha256: a missing or changed file is an error naming it. */
function readCorpus(root: string, files: readonly FileLabel[]): Map<FileLabel, string> {
  const texts = new Map<FileLabel, string>();
  const problems: string[] = [];
  for (const f of files) {
    const file = corpusPath(root, f);
    if (!existsSync(file)) {
      problems.push(`${f.repo}:${f.path}: missing (${file})`);
      continue;
    }
    const bytes = readFileSync(file);
    const sha = createHash('sha256').update(bytes).digest('hex');
    if (sha !== f.sha256) problems.push(`${f.repo}:${f.path}: sha256 ${sha}, expected ${f.sha256} (${file})`);
    else texts.set(f, bytes.toString('utf8'));
  }
  if (problems.length) throw new Error(`calibration: ${problems.length} corpus file(s) missing or changed:\n${problems.join('\n')}`);
  return texts;
}

const pct = (x: number | null): string => (x === null ? '—' : `${(100 * x).toFixed(1)} %`);

function analyseFile(input: FileInput, type: FileLabel['type'], engine: EngineOptions): { report: FileReport; detected: boolean } {
  try {
    return { report: analyzeFile(input, engine), detected: true };
  } catch (err) {
    if (!(err instanceof UnsupportedFileType)) throw err;
    return { report: analyzeFile({ ...input, fileType: type }, engine), detected: false };
  }
}

function agreementLine(name: string, a: Agreement): string {
  return `${name.padEnd(22)} fail→fail ${`${a.failed}/${a.labelledFail}`.padStart(7)} ${pct(a.failAgreement).padStart(8)}   pass→pass ${`${a.passed}/${a.labelledPass}`.padStart(7)} ${pct(a.passAgreement).padStart(8)}   passing: ours ${pct(a.oursPassing).padStart(7)}, labels ${pct(a.labelledPassing).padStart(7)}`;
}

function describeFinding(f: Finding & { file?: string }): string {
  return `${f.rule_id} ${f.rule_name} (${f.severity}, ${f.score_impact}) ${f.file ? `${f.file}:` : 'line '}${f.location.start_line}`;
}

interface Disagreement {
  id: string;
  type: string;
  label: string;
  ours: string;
  score: number;
  reason: string;
  /** For a wrong fail: the findings that cost points, most expensive first. */
  failingFindings?: string[];
  /** Must-finds we did not find (for any item, agreeing or not). */
  missed: string[];
}

export default async function run(): Promise<SuiteResult | undefined> {
  const s = settings();
  if (!s) return undefined;
  const corpus = loadCorpus();
  const concepts = loadConcepts();
  const texts = readCorpus(s.corpus, corpus.files);
  const lines = (f: FileLabel) => {
    const text = texts.get(f)!;
    return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  };
  const problems = corpusProblems(corpus, concepts, new Set(ANALYSIS_RULES.map((r) => r.id)), lines);
  if (problems.length) throw new Error(`calibration: the labels are invalid:\n${problems.join('\n')}`);
  const byConcept = conceptRules(concepts);
  const engine: EngineOptions = { helpBaseUrl: 'http://bench', ...s.rules };
  const started = performance.now();

  const undetected: string[] = [];
  const versions = new Set<string>();
  const engineFor = (f: FileLabel): EngineOptions => {
    if (!s.ownerFirstParty) return engine;
    const owner = { first_party_owners: [f.repo.split('/')[0]!] };
    return { ...engine, options: { ...engine.options, CGW003: { ...engine.options?.['CGW003'], ...owner }, CGA002: { ...engine.options?.['CGA002'], ...owner } } };
  };
  const files: Outcome[] = corpus.files.map((f) => {
    const { report, detected } = analyseFile({ filename: f.path, content: texts.get(f)! }, f.type, engineFor(f));
    versions.add(`scoring ${report.scoring_version}; ruleset ${report.ruleset_version}`);
    if (!detected) undetected.push(`${f.repo}:${f.path}`);
    if (report.file_type !== f.type) undetected.push(`${f.repo}:${f.path} (detected as ${report.file_type})`);
    return {
      id: `${f.repo}:${f.path}`,
      type: f.type,
      label: f.verdict,
      ours: gate(report.score, s.minScore),
      score: report.score,
      findings: report.findings,
      must: f.must_find.map((m) => ({ must: m, found: isFound(m, report.findings, byConcept) })),
    };
  });

  const index = labelIndex(corpus);
  const projects: Outcome[] = corpus.projects.map((p) => {
    const inputs = p.files.map((name) => ({ filename: name, content: texts.get(index.get(`${p.repo}:${memberPath(p, name)}`)!)! }));
    const report = analyzeProject(inputs, engine);
    const findings = [
      ...report.files.flatMap((f) => f.report.findings.map((x) => ({ ...x, file: f.filename }))),
      ...report.project_findings.map((x) => ({ ...x, file: x.location.file ?? '' })),
    ];
    return {
      id: `${p.repo}:${p.name}`,
      type: 'project',
      label: p.verdict,
      ours: gate(report.score, s.minScore),
      score: report.score,
      findings,
      must: p.must_find.map((m) => ({ must: m, found: isFound(m, findings.filter((f) => f.file === m.file), byConcept) })),
    };
  });
  const seconds = (performance.now() - started) / 1000;

  const types = CORPUS_FILE_TYPES.filter((t) => corpus.files.some((f) => f.type === t));
  const agreements: Record<string, Agreement> = {
    files: agreement(files),
    ...Object.fromEntries(types.map((t) => [t, agreement(files.filter((f) => f.type === t))])),
    projects: agreement(projects),
  };
  const recalls: Record<string, Recall> = {
    files: recall(files),
    ...Object.fromEntries(types.map((t) => [t, recall(files.filter((f) => f.type === t))])),
    projects: recall(projects),
  };
  const firing = ruleFiring(files);
  const projectFiring = ruleFiring(projects);
  const labels = new Map<string, string>([...corpus.files.map((f) => [`${f.repo}:${f.path}`, f.reason] as const), ...corpus.projects.map((p) => [`${p.repo}:${p.name}`, p.reason] as const)]);
  const disagreements: Disagreement[] = [...files, ...projects]
    .filter((o) => o.label !== o.ours || o.must.some((m) => !m.found))
    .map((o) => {
      const d: Disagreement = {
        id: o.id,
        type: o.type,
        label: o.label,
        ours: o.ours,
        score: o.score,
        reason: labels.get(o.id) ?? '',
        missed: o.must.filter((m) => !m.found).map((m) => `${'file' in m.must ? `${String(m.must.file)}:` : 'line '}${m.must.line} ${m.must.concept}`),
      };
      if (o.label === 'pass' && o.ours === 'fail') d.failingFindings = costly(o.findings).map(describeFinding);
      return d;
    });

  console.log(`corpus: ${corpus.files.length} files (${types.map((t) => `${files.filter((f) => f.type === t).length} ${t}`).join(', ')}), ${corpus.projects.length} projects, ${corpus.repositories.length} repositories`);
  console.log(`gate: score >= ${s.minScore}; profile ${s.profile}${s.ownerFirstParty ? '; each repository\'s owner first party for CGW003/CGA002' : ''}; ${[...versions].join(', ')}; analysed in ${seconds.toFixed(1)} s`);
  if (undetected.length) console.log(`not detected by name/content (analysed with the labelled type): ${undetected.join(', ')}`);
  console.log('\nGate agreement (labelled fail that we fail; labelled pass that we pass)');
  for (const [name, a] of Object.entries(agreements)) console.log(agreementLine(name, a));
  console.log('\nMust-find recall');
  for (const [name, r] of Object.entries(recalls)) console.log(`${name.padEnd(22)} ${`${r.found}/${r.total}`.padStart(7)} ${pct(r.recall).padStart(8)}`);
  console.log('by concept (files):');
  for (const [c, r] of Object.entries(recalls['files']!.byConcept).sort((a, b) => b[1].total - a[1].total)) console.log(`  ${c.padEnd(30)} ${`${r.found}/${r.total}`.padStart(7)}`);

  const ruleRows = [...firing].sort((a, b) => b[1].items - a[1].items);
  console.log('\nRules firing on files (files with >= 1 finding; severities of the findings; labelled-pass files we fail where it cost points)');
  const meta = new Map(ANALYSIS_RULES.map((r) => [r.id, r]));
  for (const [id, r] of ruleRows) {
    const sev = Object.entries(r.severities).map(([k, n]) => `${k} ${n}`).join(', ');
    console.log(`  ${id} ${(meta.get(id)?.name ?? '').padEnd(36)} ${String(r.items).padStart(4)} files (${pct(r.items / files.length).padStart(7)})  [${sev}]  wrong fails ${r.wrongFails} (primary ${r.wrongFailsPrimary}, ${r.wrongFailPoints} points)`);
  }
  const wrongFailRules = ruleRows.filter(([, r]) => r.wrongFails > 0).sort((a, b) => b[1].wrongFails - a[1].wrongFails || b[1].wrongFailPoints - a[1].wrongFailPoints);
  console.log('\nRules costing points on labelled-pass files we fail (most files first)');
  for (const [id, r] of wrongFailRules) console.log(`  ${id} ${(meta.get(id)?.name ?? '').padEnd(36)} ${String(r.wrongFails).padStart(4)} files, primary cause in ${r.wrongFailsPrimary}, ${r.wrongFailPoints} points`);

  console.log(`\nDisagreements (${disagreements.filter((d) => d.label !== d.ours).length} verdicts; items with missed must-finds included)`);
  for (const d of disagreements) {
    const verdict = d.label === d.ours ? `label ${d.label}, ours ${d.ours}` : `LABEL ${d.label.toUpperCase()}, OURS ${d.ours.toUpperCase()}`;
    console.log(`- ${d.id} [${d.type}] ${verdict}, score ${d.score}: ${d.reason}`);
    if (d.failingFindings) console.log(`    failed by: ${d.failingFindings.join('; ')}`);
    if (d.missed.length) console.log(`    missed: ${d.missed.join('; ')}`);
  }

  return {
    suite: 'calibration',
    results: {
      corpus: { files: corpus.files.length, dockerfiles: files.filter((f) => f.type === 'dockerfile').length, compose: files.filter((f) => f.type === 'compose').length, projects: corpus.projects.length, repositories: corpus.repositories.length },
      settings: { minScore: s.minScore, profile: s.profile, rules: s.rules, ownerIsFirstParty: s.ownerFirstParty, versions: [...versions] },
      seconds,
      agreement: agreements,
      recall: recalls,
      undetected,
      rules: Object.fromEntries(ruleRows),
      projectRules: Object.fromEntries([...projectFiring].sort((a, b) => b[1].items - a[1].items)),
      disagreements,
    },
  };
}
