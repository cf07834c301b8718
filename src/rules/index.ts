// The rule catalogue: every analyzer by file type, every rule's metadata, and the ruleset version that
// reports carry. What the catalogue API, the rule docs and SARIF read.
import type { FileAnalyzer } from '../core/analyze.ts';
import { metasOf } from '../core/analyze.ts';
import { rulesetVersion } from '../core/engine.ts';
import type { FileType, RuleMeta } from '../core/rule.ts';
import { FILE_TYPES } from '../core/rule.ts';
import { SCAN_RULES } from '../scan/catalogue.ts';
import { composeAnalyzer } from './compose/index.ts';
import { dockerfileAnalyzer } from './dockerfile/index.ts';
import { projectRules } from './project/index.ts';

export const ANALYZERS: Record<FileType, FileAnalyzer<any>> = {
  dockerfile: dockerfileAnalyzer,
  compose: composeAnalyzer,
};

/** Rules that analyze submitted files (file and project analysis). */
export const ANALYSIS_RULES: readonly RuleMeta[] = [...FILE_TYPES.flatMap((t) => metasOf(ANALYZERS[t])), ...projectRules.map((r) => r.meta)];

/** Every rule we have, including domain-scan checks. */
export const ALL_RULES: readonly RuleMeta[] = [...ANALYSIS_RULES, ...SCAN_RULES];

const byId = new Map(ALL_RULES.map((m) => [m.id, m]));
export function ruleById(id: string): RuleMeta | undefined {
  return byId.get(id.toUpperCase());
}

export const RULESET_VERSION = rulesetVersion(ANALYSIS_RULES);
