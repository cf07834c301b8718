// Analysis of one file or of a project: detect each file's type, parse and analyze each once, follow Compose
// `extends` across the submitted compose files, link Compose builds to the submitted Dockerfiles, run the
// cross-file rules over all of them, and score the project (docs/scoring.md: it starts from the worst file).
// docs/project-analysis.md records the decisions.
import { runAnalyzer } from '../core/analyze.ts';
import type { FileAnalyzer } from '../core/analyze.ts';
import { buildReport, runRules } from '../core/engine.ts';
import type { EngineOptions, RuleRun } from '../core/engine.ts';
import type { FileType } from '../core/rule.ts';
import { countBySeverity, gradeFor, highestSeverity } from '../core/scoring.ts';
import { findSuppression } from '../core/suppressions.ts';
import type { Finding, Grade, Report, ReportSeverity, SeverityCounts } from '../core/types.ts';
import { detectFileType } from '../analyzers/detect.ts';
import type { Detection } from '../analyzers/detect.ts';
import { parseDockerfile } from '../analyzers/dockerfile/parse.ts';
import type { DockerfileDoc } from '../analyzers/dockerfile/types.ts';
import { ALL_REFERENCES } from '../rules/compose/references.ts';
import { ANALYZERS, RULESET_VERSION } from '../rules/index.ts';
import { projectRules } from '../rules/project/index.ts';
import { configKey, linkBuilds } from './builds.ts';
import { resolveServices } from './extends.ts';
import { includingFiles, overrideFiles, resolveIncludes } from './includes.ts';
import { projectPath } from './paths.ts';
import type { BuildConfig, BuildLink, ComposeFile, DockerfileFile, ProjectDoc, ProjectFile } from './types.ts';

export interface FileInput {
  filename: string;
  content: string;
  /** A forced type; absent or `auto` means detect. */
  fileType?: FileType | 'auto';
}

export interface FileReport extends Report {
  file_type: FileType;
  detection: Detection;
}

export interface ProjectReport {
  score: number;
  grade: Grade;
  severity: ReportSeverity;
  summary: SeverityCounts;
  files: { filename: string; file_type: FileType; detection: Detection; report: Report }[];
  project_findings: Finding[];
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

interface Typed {
  fileType: FileType;
  detection: Detection;
}

function typed(input: FileInput, index: number): Typed {
  if (input.fileType && input.fileType !== 'auto') {
    return { fileType: input.fileType, detection: { method: 'explicit', confidence: 1, reason: 'file_type was given' } };
  }
  const detected = detectFileType(input.filename, input.content);
  if (!detected) throw new UnsupportedFileType(index);
  return detected;
}

interface Analyzed {
  file: ProjectFile;
  report: FileReport;
}

/** Parses once and runs the file's rules; a Dockerfile with a `build` configuration is parsed as that build reads it. */
function analyzeTyped(input: FileInput, { fileType, detection }: Typed, options: EngineOptions, build?: BuildConfig): Analyzed {
  const analyzer: FileAnalyzer<unknown> = build ? { ...ANALYZERS.dockerfile, parse: (text) => parseDockerfile(text, build) } : ANALYZERS[fileType];
  const { parsed, run } = runAnalyzer(analyzer, input.content, options);
  const report = buildReport(run.findings, run.suppressed, RULESET_VERSION);
  const file = { filename: input.filename, content: input.content, detection, fileType, parsed } as ProjectFile;
  return { file, report: { ...report, file_type: fileType, detection } };
}

export function analyzeFile(input: FileInput, options: EngineOptions): FileReport {
  return analyzeTyped(input, typed(input, 0), options).report;
}

/** The build configuration a Dockerfile's own report uses: the only one the project builds it with, if exactly one. */
function soleConfig(links: readonly BuildLink[], path: string): BuildConfig | undefined {
  const configs = new Map(links.filter((l) => l.path === path).map((l) => [configKey(l.config), l.config]));
  const [only, ...others] = configs.values();
  return others.length === 0 && only && (only.target !== undefined || only.buildArgs.size > 0) ? only : undefined;
}

/** Gives each build the submitted Dockerfile it reads, parsed with its configuration (reusing the file's own parse when equal). */
function attachDockerfiles(links: readonly BuildLink[], dockerfiles: ReadonlyMap<string, { file: DockerfileFile; config?: BuildConfig }>): void {
  const parses = new Map<string, DockerfileDoc>();
  for (const link of links) {
    const entry = link.path === undefined ? undefined : dockerfiles.get(link.path);
    if (!entry) continue;
    link.dockerfile = entry.file;
    const key = configKey(link.config);
    const cacheKey = `${link.path}\n${key}`;
    let doc = configKey(entry.config ?? { buildArgs: new Map() }) === key ? entry.file.parsed.doc : parses.get(cacheKey);
    if (!doc) {
      doc = parseDockerfile(entry.file.content, link.config).doc;
      parses.set(cacheKey, doc);
    }
    link.doc = doc;
    const target = link.config.target?.toLowerCase();
    const stage = target === undefined ? doc.stages[doc.stages.length - 1] : doc.stages.find((s) => s.name?.resolved.toLowerCase() === target);
    if (stage) link.stage = stage;
  }
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

/**
 * Every file is typed before any is analyzed, so an unsupported file fails the whole request with no partial
 * work. Compose files are analyzed first: their builds decide how each Dockerfile is read.
 */
export function runProject(inputs: readonly FileInput[], options: EngineOptions): ProjectRun {
  const types = inputs.map((input, i) => typed(input, i));
  const analyzed: Analyzed[] = [];
  inputs.forEach((input, i) => {
    if (types[i]!.fileType === 'compose') analyzed[i] = analyzeTyped(input, types[i]!, options);
  });
  const composeOf = () => analyzed.filter((a) => a?.file.fileType === 'compose').map((a) => a.file as ComposeFile);
  let includes = resolveIncludes(composeOf());
  // An override merged over an include entry's base is part of that model: its own report does not judge names the
  // base may define (CGP015 judges them against the whole entry).
  const overrides = overrideFiles(includes);
  if (overrides.size > 0) {
    const disable = [...(options.disable ?? []), ...ALL_REFERENCES.map((r) => r.ruleId)];
    inputs.forEach((input, i) => {
      if (overrides.has(analyzed[i]?.file as ComposeFile)) analyzed[i] = analyzeTyped(input, types[i]!, { ...options, disable });
    });
    includes = resolveIncludes(composeOf());
  }
  const composeFiles = composeOf();
  const services = resolveServices(composeFiles);
  const links = linkBuilds(services);
  const dockerfiles = new Map<string, { file: DockerfileFile; config?: BuildConfig }>();
  inputs.forEach((input, i) => {
    if (types[i]!.fileType !== 'dockerfile') return;
    const path = projectPath(input.filename);
    const config = soleConfig(links, path);
    analyzed[i] = analyzeTyped(input, types[i]!, options, config);
    dockerfiles.set(path, config ? { file: analyzed[i].file as DockerfileFile, config } : { file: analyzed[i].file as DockerfileFile });
  });
  attachDockerfiles(links, dockerfiles);
  const doc: ProjectDoc = { files: analyzed.map((a) => a.file), services, builds: links, includes, including: includingFiles(includes) };
  const cross = applySuppressions(runRules(doc, projectRules, [], options), doc.files);
  const worst = analyzed.reduce((min, a) => Math.min(min, a.report.score), 100);
  const project = buildReport(cross.findings, cross.suppressed, RULESET_VERSION, undefined, worst);
  const summary = countBySeverity([...analyzed.flatMap((a) => a.report.findings), ...project.findings]);
  const report: ProjectReport = {
    score: project.score,
    grade: gradeFor(project.score),
    severity: highestSeverity(summary),
    summary,
    files: analyzed.map((a) => {
      const { file_type, detection, ...fileReport } = a.report;
      return { filename: a.file.filename, file_type, detection, report: fileReport };
    }),
    project_findings: project.findings,
    scoring_version: project.scoring_version,
    ruleset_version: RULESET_VERSION,
  };
  return { report, ruleErrors: cross.ruleErrors };
}

export function analyzeProject(inputs: readonly FileInput[], options: EngineOptions): ProjectReport {
  return runProject(inputs, options).report;
}
