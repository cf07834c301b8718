// Request body limits of the analysis routes (the content limits are the pipeline's: src/analysis/limits.ts).

/** Body limits sit well above the content limits (JSON escaping can make a body several times larger than
 * its content), so callers hit the specific, explained content-limit errors first. */
export const BODY_LIMITS = {
  analyze: 2 * 1024 * 1024,
  analyzeProject: 8 * 1024 * 1024,
} as const;
