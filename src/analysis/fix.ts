// Fixing a file or a project in passes (docs/public-api.md, "Fixes"): each pass applies the fixes the findings of the
// last analysis carry (src/core/fix.ts: in a fixed order, skipping any that conflicts with one already taken), then
// analyzes again; it stops when no fix applies, after MAX_FIX_PASSES, or when a pass would make the file worse (a
// lower score or more syntax errors: that pass is dropped). So fixing the result again changes nothing.
import { applyFixes, chooseFixes, spliceEdits } from '../core/fix.ts';
import type { FixMode, OrderedFix, Placed } from '../core/fix.ts';
import type { EngineOptions } from '../core/engine.ts';
import type { Finding, Report } from '../core/types.ts';
import { analyzeFile, runProject } from './analyze.ts';
import { fileType as fileTypeOf } from './file-types/index.ts';
import type { FileTypeId } from './file-types/index.ts';
import type { FileInput, FileReport, ProjectReport } from './analyze.ts';

export const MAX_FIX_PASSES = 10;

/** What fixing one file gave: the corrected text, the fixes applied over all passes, its score and findings left. */
export interface FixedFile {
  content: string;
  applied: number;
  score: number;
  remaining: number;
}

export type FixedFileReport = FileReport & { fixed: FixedFile };
export type FixedProjectReport = Omit<ProjectReport, 'files'> & { files: (ProjectReport['files'][number] & { fixed: FixedFile })[] };

/** The fixes a mode applies, from the findings that count (a suppressed finding is left as it is). */
export function fixesOf(findings: readonly Finding[], mode: FixMode): OrderedFix[] {
  const out: OrderedFix[] = [];
  for (const f of findings) if (f.fix && (mode === 'all' || f.fix.safety === 'safe')) out.push({ rule_id: f.rule_id, fix: f.fix });
  return out;
}

function syntaxErrors(report: Report): number {
  return report.findings.filter((f) => f.category === 'syntax').length;
}

/** Worse: a lower score, or more syntax findings (a fix must never break parsing). */
function worse(after: Report, before: Report): boolean {
  return after.score < before.score || syntaxErrors(after) > syntaxErrors(before);
}

/** The file's report (of the content as submitted) and, in `fixed`, the result of fixing it. */
export function fixFile(input: FileInput, options: EngineOptions, mode: FixMode): FixedFileReport {
  return fixFileRun(input, options, mode).report;
}

/** fixFile, with the number of passes that applied fixes (for tests and the bench: MAX_FIX_PASSES means it may stop
 * short of a fixed point) and the edits each kept pass made, as offsets into that pass's input (for the fix laws). */
export function fixFileRun(input: FileInput, options: EngineOptions, mode: FixMode): { report: FixedFileReport; passes: number; edits: Placed[][] } {
  const original = analyzeFile(input, options);
  let report: FileReport = original;
  let content = input.content;
  let applied = 0;
  let passes = 0;
  const edits: Placed[][] = [];
  for (; passes < MAX_FIX_PASSES; passes++) {
    const next = chooseFixes(content, fixesOf(report.findings, mode));
    if (next.applied === 0) break;
    const text = spliceEdits(content, next.edits);
    // The type stays the one the original was analyzed as: a fix never makes a Dockerfile something else.
    const after = analyzeFile({ ...input, content: text, fileType: original.file_type }, options);
    if (worse(after, report)) break;
    content = text;
    applied += next.applied;
    edits.push(next.edits);
    report = after;
  }
  return { report: { ...original, fixed: { content, applied, score: report.score, remaining: report.findings.length } }, passes, edits };
}

function fileFindings(report: ProjectReport, filename: string, index: number): Finding[] {
  return [...report.files[index]!.report.findings, ...report.project_findings.filter((f) => f.location.file === filename)];
}

/** The project's report and, per file, the result of fixing it; each pass re-analyzes the whole project, so the
 * cross-file findings (and their fixes) follow the corrected files. A pass that makes any file or the project worse is
 * dropped. */
export function fixProject(inputs: readonly FileInput[], options: EngineOptions, mode: FixMode): FixedProjectReport {
  const original = runProject(inputs, options).report;
  let report = original;
  let contents = inputs.map((f) => f.content);
  const applied = inputs.map(() => 0);
  const types = original.files.map((f) => f.file_type);
  for (let pass = 0; pass < MAX_FIX_PASSES; pass++) {
    const results = contents.map((content, i) => applyFixes(content, fixesOf(fileFindings(report, inputs[i]!.filename, i), mode)));
    if (results.every((r) => r.applied === 0)) break;
    const after = runProject(inputs.map((f, i) => ({ filename: f.filename, content: results[i]!.text, fileType: types[i]! })), options).report;
    const projectWorse = after.score < report.score;
    if (projectWorse || after.files.some((f, i) => worse(f.report, report.files[i]!.report))) break;
    contents = results.map((r) => r.text);
    results.forEach((r, i) => (applied[i]! += r.applied));
    report = after;
  }
  return {
    ...original,
    files: original.files.map((f, i) => ({
      ...f,
      fixed: { content: contents[i]!, applied: applied[i]!, score: report.files[i]!.report.score, remaining: fileFindings(report, f.filename, i).length },
    })),
  };
}

/** Whether a file's corrected text may go back in an answer: not for a type only analyzed when named
 * (`discovery: 'named'`, .env files), which holds secrets and has no fixes. */
function echoes(type: FileTypeId): boolean {
  return fileTypeOf(type).discovery !== 'named';
}

/** The answer of a fix request: `fixed` left out for files whose text must never be echoed (.env files). */
export function answerOfFixedFile(report: FixedFileReport): FileReport & { fixed?: FixedFile } {
  if (echoes(report.file_type)) return report;
  const { fixed: _, ...rest } = report;
  return rest;
}

export function answerOfFixedProject(report: FixedProjectReport): Omit<ProjectReport, 'files'> & { files: (ProjectReport['files'][number] & { fixed?: FixedFile })[] } {
  return { ...report, files: report.files.map((f) => (echoes(f.file_type) ? f : (({ fixed: _, ...rest }) => rest)(f))) };
}
