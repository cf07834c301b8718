// The pipeline's refusals of a submission (src/analysis/submission.ts) as the API's errors, and a project analysis
// that applies them: POST /api/analyze-project and the analyzer page's form.
import { UnsupportedFileType } from '../analysis/analyze.ts';
import type { FileInput, ProjectReport } from '../analysis/analyze.ts';
import type { RuleConfig } from '../core/engine.ts';
import type { FixMode } from '../core/fix.ts';
import { projectRefusal, unsupportedFileType } from '../analysis/submission.ts';
import type { Refusal } from '../analysis/submission.ts';
import type { Analysis, AnalysisPool } from './analysis-pool.ts';
import { ApiError } from './errors.ts';

export function refused(refusal: Refusal): ApiError {
  return new ApiError(refusal.status, refusal.code, refusal.message);
}

/** Checks the project, then analyzes it; a file of no supported type is 422 `unsupported_file_type`. Nothing is analyzed when a check fails. */
export async function analyzeCheckedProject(pool: AnalysisPool, files: readonly FileInput[], config?: RuleConfig, fix?: FixMode): Promise<Analysis<ProjectReport>> {
  const refusal = projectRefusal(files);
  if (refusal) throw refused(refusal);
  try {
    return await pool.analyzeProject(files, config, fix);
  } catch (err) {
    if (err instanceof UnsupportedFileType) throw refused(unsupportedFileType(`files[${err.index}]`));
    throw err;
  }
}
