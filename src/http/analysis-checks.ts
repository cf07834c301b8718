// The public analysis limits as refusals (ApiError), and a project analysis that applies them: one wording for
// POST /api/analyze-project and the analyzer page's form, which shows the same messages with file names in place
// of `files[i]`. Messages name fields and indexes, never submitted values (docs/public-api.md, Privacy).
import { FILE_TYPES } from '../core/rule.ts';
import { UnsupportedFileType } from '../project/analyze.ts';
import type { FileInput, ProjectReport } from '../project/analyze.ts';
import type { Analysis, AnalysisPool } from './analysis-pool.ts';
import { ApiError } from './errors.ts';
import { ANALYSIS_LIMITS, kb, utf8Bytes } from './limits.ts';

export const ACCEPTED_FILE_TYPES: readonly string[] = ['auto', ...FILE_TYPES];

export function unsupportedFileType(where: string): ApiError {
  return new ApiError(422, 'unsupported_file_type', `${where} is not a supported file type; accepted file_type values: ${ACCEPTED_FILE_TYPES.join(', ')}.`);
}

/** 413 `file_too_large` over the per-file limit; the content's size in UTF-8 bytes otherwise. */
export function checkFileSize(content: string, where: string): number {
  const bytes = utf8Bytes(content);
  if (bytes > ANALYSIS_LIMITS.maxFileBytes) {
    throw new ApiError(413, 'file_too_large', `${where} is ${bytes} bytes; the limit is ${kb(ANALYSIS_LIMITS.maxFileBytes)} (1 KB = 1000 bytes) per file.`);
  }
  return bytes;
}

/** The project limits in the order the API checks them: at least one file, how many, each size, the total, unique names. */
export function checkProject(files: readonly FileInput[]): void {
  if (files.length === 0) throw new ApiError(422, 'invalid_request', 'body.files must contain at least one file.');
  if (files.length > ANALYSIS_LIMITS.maxFiles) {
    throw new ApiError(422, 'too_many_files', `${files.length} files were sent; the limit is ${ANALYSIS_LIMITS.maxFiles} files per project.`);
  }
  let total = 0;
  files.forEach((f, i) => (total += checkFileSize(f.content, `files[${i}].content`)));
  if (total > ANALYSIS_LIMITS.maxProjectBytes) {
    throw new ApiError(413, 'project_too_large', `The files total ${total} bytes; the limit is ${kb(ANALYSIS_LIMITS.maxProjectBytes)} (1 KB = 1000 bytes) per project.`);
  }
  const seen = new Map<string, number>();
  files.forEach((f, i) => {
    const first = seen.get(f.filename);
    if (first !== undefined) throw new ApiError(422, 'duplicate_filename', `files[${i}].filename repeats files[${first}].filename; file names must be unique in a project.`);
    seen.set(f.filename, i);
  });
}

/** Checks the project, then analyzes it; a file of no supported type is 422 `unsupported_file_type`. Nothing is analyzed when a check fails. */
export async function analyzeCheckedProject(pool: AnalysisPool, files: readonly FileInput[]): Promise<Analysis<ProjectReport>> {
  checkProject(files);
  try {
    return await pool.analyzeProject(files);
  } catch (err) {
    if (err instanceof UnsupportedFileType) throw unsupportedFileType(`files[${err.index}]`);
    throw err;
  }
}
