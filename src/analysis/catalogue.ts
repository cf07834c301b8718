// The rule catalogue: every rule's metadata by target (the file types in list order, then project and scan rules),
// and the ruleset version that reports carry. What the catalogue API, the rule reference, docs/rules and SARIF read.
import { metasOf } from '../core/analyze.ts';
import { rulesetVersion } from '../core/engine.ts';
import type { RuleMeta } from '../core/rule.ts';
import { projectRules } from '../rules/project/index.ts';
import { SCAN_RULES } from '../scan/catalogue.ts';
import { FILE_TYPES } from './file-types/index.ts';

/** What rules run over, with the title the rule reference groups them under. */
export const RULE_TARGETS: readonly { id: string; title: string }[] = [
  ...FILE_TYPES.map((t) => ({ id: t.id, title: t.rulesTitle })),
  { id: 'project', title: 'Project (cross-file)' },
  { id: 'scan', title: 'Domain scan' },
];

const ids = RULE_TARGETS.map((t) => t.id);
/** The targets in words, for descriptions: "dockerfile, compose, project or scan". */
export const RULE_TARGETS_TEXT = `${ids.slice(0, -1).join(', ')} or ${ids.at(-1)}`;

/** Rules that analyze submitted files (file and project analysis). */
export const ANALYSIS_RULES: readonly RuleMeta[] = [...FILE_TYPES.flatMap((t) => metasOf(t.analyzer)), ...projectRules.map((r) => r.meta)];

/** Every rule we have, including domain-scan checks. */
export const ALL_RULES: readonly RuleMeta[] = [...ANALYSIS_RULES, ...SCAN_RULES];

const byId = new Map(ALL_RULES.map((m) => [m.id, m]));
export function ruleById(id: string): RuleMeta | undefined {
  return byId.get(id.toUpperCase());
}

export const RULESET_VERSION = rulesetVersion(ANALYSIS_RULES);
