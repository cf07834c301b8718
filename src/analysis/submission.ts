// What a submission to the public analysis may be, as refusals: one wording for POST /api/analyze,
// POST /api/analyze-project and the analyzer page's form, which shows the same messages with file names in place of
// `files[i]`. Messages name fields and indexes, never submitted values (docs/public-api.md, Privacy). The HTTP edge
// answers a refusal as its error (src/http/analysis-checks.ts).
import type { FileInput } from './analyze.ts';
import { FILE_TYPES, isFileTypeId } from './file-types/index.ts';
import type { FileTypeId } from './file-types/index.ts';
import { ANALYSIS_LIMITS, kb, utf8Bytes } from './limits.ts';

export interface Refusal {
  status: 413 | 422;
  code: 'file_too_large' | 'project_too_large' | 'too_many_files' | 'duplicate_filename' | 'unsupported_file_type' | 'invalid_request';
  message: string;
}

/** The `file_type` values a request may give: `auto` (detect), then every file type in list order. */
export const ACCEPTED_FILE_TYPES: readonly string[] = ['auto', ...FILE_TYPES.map((t) => t.id)];

export function isAcceptedFileType(value: string): value is FileTypeId | 'auto' {
  return value === 'auto' || isFileTypeId(value);
}

export function unsupportedFileType(where: string): Refusal {
  return { status: 422, code: 'unsupported_file_type', message: `${where} is not a supported file type; accepted file_type values: ${ACCEPTED_FILE_TYPES.join(', ')}.` };
}

function fileTooLarge(where: string, bytes: number): Refusal {
  return { status: 413, code: 'file_too_large', message: `${where} is ${bytes} bytes; the limit is ${kb(ANALYSIS_LIMITS.maxFileBytes)} (1 KB = 1000 bytes) per file.` };
}

/** `file_too_large` over the per-file limit. */
export function fileSizeRefusal(content: string, where: string): Refusal | undefined {
  const bytes = utf8Bytes(content);
  return bytes > ANALYSIS_LIMITS.maxFileBytes ? fileTooLarge(where, bytes) : undefined;
}

/** The project limits in the order the API checks them: at least one file, how many, each size, the total, unique names. */
export function projectRefusal(files: readonly FileInput[]): Refusal | undefined {
  if (files.length === 0) return { status: 422, code: 'invalid_request', message: 'body.files must contain at least one file.' };
  if (files.length > ANALYSIS_LIMITS.maxFiles) {
    return { status: 422, code: 'too_many_files', message: `${files.length} files were sent; the limit is ${ANALYSIS_LIMITS.maxFiles} files per project.` };
  }
  let total = 0;
  for (const [i, f] of files.entries()) {
    const bytes = utf8Bytes(f.content);
    if (bytes > ANALYSIS_LIMITS.maxFileBytes) return fileTooLarge(`files[${i}].content`, bytes);
    total += bytes;
  }
  if (total > ANALYSIS_LIMITS.maxProjectBytes) {
    return { status: 413, code: 'project_too_large', message: `The files total ${total} bytes; the limit is ${kb(ANALYSIS_LIMITS.maxProjectBytes)} (1 KB = 1000 bytes) per project.` };
  }
  const seen = new Map<string, number>();
  for (const [i, f] of files.entries()) {
    const first = seen.get(f.filename);
    if (first !== undefined) return { status: 422, code: 'duplicate_filename', message: `files[${i}].filename repeats files[${first}].filename; file names must be unique in a project.` };
    seen.set(f.filename, i);
  }
  return undefined;
}
