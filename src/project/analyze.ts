// Analysis of one file or of a project: detect each file's type, parse and analyze each once, run the
// cross-file rules over all of them, and score the project (docs/scoring.md: it starts from the worst file).
import { runAnalyzer } from '../core/analyze.ts';
import { buildReport, runRules } from '../core/engine.ts';
import type { EngineOptions } from '../core/engine.ts';
import type { FileType } from '../core/rule.ts';
import { countBySeverity, gradeFor, highestSeverity } from '../core/scoring.ts';
import type { Finding, Grade, Report, ReportSeverity, SeverityCounts } from '../core/types.ts';
import { detectFileType } from '../analyzers/detect.ts';
import type { Detection } from '../analyzers/detect.ts';
import { ANALYZERS, RULESET_VERSION } from '../rules/index.ts';
import { projectRules } from '../rules/project/index.ts';
import type { ProjectFile } from './types.ts';

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

function typed(input: FileInput, index: number): { fileType: FileType; detection: Detection } {
  if (input.fileType && input.fileType !== 'auto') {
    return { fileType: input.fileType, detection: { method: 'explicit', confidence: 1, reason: 'file_type was given' } };
  }
  const detected = detectFileType(input.filename, input.content);
  if (!detected) throw new UnsupportedFileType(index);
  return detected;
}

function analyzeOne(input: FileInput, index: number, options: EngineOptions): { file: ProjectFile; report: FileReport } {
  const { fileType, detection } = typed(input, index);
  const { parsed, run } = runAnalyzer(ANALYZERS[fileType], input.content, options);
  const report = buildReport(run.findings, run.suppressed, RULESET_VERSION);
  const file = { filename: input.filename, content: input.content, detection, fileType, parsed } as ProjectFile;
  return { file, report: { ...report, file_type: fileType, detection } };
}

export function analyzeFile(input: FileInput, options: EngineOptions): FileReport {
  return analyzeOne(input, 0, options).report;
}

/** Every file is typed before any is analyzed, so an unsupported file fails the whole request with no partial work. */
export function analyzeProject(inputs: readonly FileInput[], options: EngineOptions): ProjectReport {
  inputs.forEach((input, i) => typed(input, i));
  const analyzed = inputs.map((input, i) => analyzeOne(input, i, options));
  const doc = { files: analyzed.map((a) => a.file) };
  const cross = runRules(doc, projectRules, [], options);
  const worst = analyzed.reduce((min, a) => Math.min(min, a.report.score), 100);
  const project = buildReport(cross.findings, cross.suppressed, RULESET_VERSION, undefined, worst);
  const summary = countBySeverity([...analyzed.flatMap((a) => a.report.findings), ...project.findings]);
  return {
    score: project.score,
    grade: gradeFor(project.score),
    severity: highestSeverity(summary),
    summary,
    files: analyzed.map((a) => {
      const { file_type, detection, ...report } = a.report;
      return { filename: a.file.filename, file_type, detection, report };
    }),
    project_findings: project.findings,
    scoring_version: project.scoring_version,
    ruleset_version: RULESET_VERSION,
  };
}
