// Analysis of one file or of a project: type each file (given, or detected), parse and analyze each once with its
// file type's analyzer, build the cross-file model (src/project/), run the cross-file rules over it, and score the
// project (docs/scoring.md: it starts from the worst file). docs/project-analysis.md records the decisions.
import { runAnalyzer } from '../core/analyze.ts';
import type { FileAnalyzer } from '../core/analyze.ts';
import { buildReport, runRules } from '../core/engine.ts';
import type { EngineOptions, RuleConfig, RuleRun } from '../core/engine.ts';
import type { Profile } from '../core/rule.ts';
import { countBySeverity, gradeFor, highestSeverity, scoringTable } from '../core/scoring.ts';
import { contentLines, fingerprint } from '../core/fingerprint.ts';
import { findSuppression } from '../core/suppressions.ts';
import type { SuppressedFinding } from '../core/types.ts';
import type { Finding, Grade, Report, ReportSeverity, SeverityCounts } from '../core/types.ts';
import { buildProjectModel } from '../project/model.ts';
import type { AnalyzeAs } from '../project/model.ts';
import type { ProjectFile } from '../project/types.ts';
import { projectRules } from '../rules/project/index.ts';
import { RULESET_VERSION } from './catalogue.ts';
import { detectByName, detectFileType } from './detect.ts';
import type { EffectiveRules } from './rule-config.ts';
import type { Detected, Detection } from './detect.ts';
import { fileType as fileTypeOf } from './file-types/index.ts';
import type { FileTypeId } from './file-types/index.ts';

export interface FileInput {
  filename: string;
  content: string;
  /** A forced type; absent or `auto` means detect. */
  fileType?: FileTypeId | 'auto';
}

/** The profile and rule configuration an analysis used (src/analysis/rule-config.ts), so its score can be reproduced. */
export interface RunConfig {
  profile: Profile;
  rules: EffectiveRules;
}

export interface FileReport extends Report, RunConfig {
  file_type: FileTypeId;
  detection: Detection;
}

export interface ProjectReport extends RunConfig {
  score: number;
  grade: Grade;
  severity: ReportSeverity;
  summary: SeverityCounts;
  files: { filename: string; file_type: FileTypeId; detection: Detection; report: Report }[];
  project_findings: Finding[];
  /** Cross-file findings a pragma in the file they point into, or the request's baseline, suppressed. */
  project_suppressed: SuppressedFinding[];
  scoring_version: string;
  ruleset_version: string;
}

/** Raised when a file is no supported type; `index` is its position in the submission. */
export class UnsupportedFileType extends Error {
  readonly index: number;
  constructor(index: number) {
    super('unsupported file type');
    this.index = index;
  }
}

function typed(input: FileInput, index: number): Detected {
  if (input.fileType && input.fileType !== 'auto') {
    return { fileType: input.fileType, detection: { method: 'explicit', confidence: 1, reason: 'file_type was given' } };
  }
  const detected = detectFileType(input.filename, input.content);
  if (!detected) throw new UnsupportedFileType(index);
  return detected;
}

interface Analyzed {
  file: ProjectFile;
  report: Report & Pick<FileReport, 'file_type' | 'detection'>;
}

const NO_RULES: EffectiveRules = { enable: [], disable: [], severity: {}, options: {} };

/** The configuration a report states: as the caller gave it (the API gives rule ids, src/analysis/rule-config.ts). */
function runConfig(options: RuleConfig): RunConfig {
  const { enable, disable, severity, options: values } = options;
  const rules = enable || disable || severity || values
    ? { enable: [...(enable ?? [])], disable: [...(disable ?? [])], severity: { ...severity }, options: { ...values } } as EffectiveRules
    : NO_RULES;
  return { profile: options.profile ?? 'recommended', rules };
}

/** Stamps every finding of a run with its fingerprint (`file` and `lines`: the file a finding points into) and moves
 * the findings the baseline lists to `suppressed` (kind and reason `baseline`), so they are not scored. */
function identify(run: RuleRun, fileOf: (f: Finding) => { name: string; lines: readonly string[] }, baseline: ReadonlySet<string>): RuleRun {
  const stamp = <F extends Finding>(f: F): F => {
    const file = fileOf(f);
    return { ...f, fingerprint: fingerprint(f, file.name, file.lines) };
  };
  const out: RuleRun = { findings: [], suppressed: run.suppressed.map(stamp), ruleErrors: run.ruleErrors };
  for (const raw of run.findings) {
    const f = stamp(raw);
    if (!baseline.has(f.fingerprint!)) out.findings.push(f);
    else out.suppressed.push({ ...f, suppression: { kind: 'baseline', pragma: 'baseline', line: f.location.start_line, reason: 'baseline' } } satisfies SuppressedFinding);
  }
  return out;
}

/** Parses once and runs the file's rules, parsed and with the rules the project asks for (`as`) if it does. */
function analyzeTyped(input: FileInput, { fileType, detection }: Detected, options: EngineOptions, as?: AnalyzeAs): Analyzed {
  const own: FileAnalyzer<unknown> = fileTypeOf(fileType).analyzer;
  const analyzer = as?.parse ? { ...own, parse: as.parse } : own;
  const engine = { ...options, file: input.filename, ...(as?.disable ? { disable: [...(options.disable ?? []), ...as.disable] } : {}) };
  const { parsed, run: raw } = runAnalyzer(analyzer, input.content, engine);
  const self = { name: input.filename, lines: contentLines(input.content) };
  const run = identify(raw, () => self, new Set(options.baseline));
  const report = buildReport(run.findings, run.suppressed, RULESET_VERSION, scoringTable(options.profile));
  const file = { filename: input.filename, content: input.content, fileType, parsed } as ProjectFile;
  return { file, report: { ...report, file_type: fileType, detection } };
}

export function analyzeFile(input: FileInput, options: EngineOptions): FileReport {
  return { ...analyzeTyped(input, typed(input, 0), options).report, ...runConfig(options) };
}

/** Applies the pragmas of the file a project finding points into, as the file's own findings do. */
function applySuppressions(run: RuleRun, files: readonly ProjectFile[]): RuleRun {
  const byName = new Map(files.map((f) => [f.filename, f.parsed.suppressions]));
  const metas = new Map(projectRules.map((r) => [r.meta.id, r.meta]));
  const out: RuleRun = { findings: [], suppressed: [...run.suppressed], ruleErrors: run.ruleErrors };
  for (const f of run.findings) {
    const s = findSuppression(byName.get(f.location.file ?? '') ?? [], metas.get(f.rule_id)!, f.location.start_line);
    if (!s) out.findings.push(f);
    else out.suppressed.push({ ...f, suppression: { kind: s.kind, pragma: s.pragma, line: s.line, ...(s.reason === undefined ? {} : { reason: s.reason }) } });
  }
  return out;
}

export interface ProjectRun {
  report: ProjectReport;
  /** Project rules that threw (a bug on our side), for tests. */
  ruleErrors: string[];
}

/** Every file is typed before any is analyzed, so an unsupported file fails the whole request with no partial work. */
export function runProject(inputs: readonly FileInput[], options: EngineOptions): ProjectRun {
  const types = inputs.map((input, i) => typed(input, i));
  const analyzed: Analyzed[] = [];
  const typedFiles = inputs.map((input, i) => ({ filename: input.filename, content: input.content, fileType: types[i]!.fileType }));
  const doc = buildProjectModel(typedFiles, (i, as) => {
    analyzed[i] = analyzeTyped(inputs[i]!, types[i]!, options, as);
    return analyzed[i].file;
  }, (path) => detectByName(path)?.fileType);
  const lines = new Map(inputs.map((f) => [f.filename, contentLines(f.content)]));
  const fileOf = (f: Finding) => ({ name: f.location.file ?? '', lines: lines.get(f.location.file ?? '') ?? [] });
  const cross = identify(applySuppressions(runRules(doc, projectRules, [], options), doc.files), fileOf, new Set(options.baseline));
  const worst = analyzed.reduce((min, a) => Math.min(min, a.report.score), 100);
  const table = scoringTable(options.profile);
  const project = buildReport(cross.findings, cross.suppressed, RULESET_VERSION, table, worst);
  const summary = countBySeverity([...analyzed.flatMap((a) => a.report.findings), ...project.findings]);
  const report: ProjectReport = {
    score: project.score,
    grade: gradeFor(project.score, table),
    severity: highestSeverity(summary),
    summary,
    files: analyzed.map((a) => {
      const { file_type, detection, ...fileReport } = a.report;
      return { filename: a.file.filename, file_type, detection, report: fileReport };
    }),
    project_findings: project.findings,
    project_suppressed: project.suppressed,
    scoring_version: project.scoring_version,
    ruleset_version: RULESET_VERSION,
    ...runConfig(options),
  };
  return { report, ruleErrors: cross.ruleErrors };
}

export function analyzeProject(inputs: readonly FileInput[], options: EngineOptions): ProjectReport {
  return runProject(inputs, options).report;
}
