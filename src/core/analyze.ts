// One file type's analyzer as the engine sees it: a parser that never throws, its rules, and the rule that
// reports syntax errors. `analyzeText` is the whole single-file pipeline: parse once, run rules, score.
import { buildReport, runRules } from './engine.ts';
import type { EngineOptions, RuleRun } from './engine.ts';
import type { Report as RuleReport, Rule, RuleMeta } from './rule.ts';
import type { Suppression } from './suppressions.ts';
import { scoringTable } from './scoring.ts';
import type { Report } from './types.ts';

export interface Parsed<D> {
  doc: D;
  suppressions: Suppression[];
  /** Problems the parser recovered from; each becomes a finding of `syntaxRule`. */
  syntaxErrors: RuleReport[];
}

export interface FileAnalyzer<D> {
  parse(text: string): Parsed<D>;
  /** Sorted by id. */
  rules: readonly Rule<D>[];
  syntaxRule: Rule<D>;
}

export interface FileAnalysis<D> {
  parsed: Parsed<D>;
  run: RuleRun;
}

/** Parses once and runs every rule; the syntax-error rule reports what the parser recovered from, then runs its own
 * check. `options.file` names the file (its path gives the rules its role). */
export function runAnalyzer<D>(analyzer: FileAnalyzer<D>, text: string, options: EngineOptions): FileAnalysis<D> {
  const parsed = analyzer.parse(text);
  // The syntax-error rule's findings come first, straight from the parse (no wrapper rule or copied rule list).
  const run = runRules(parsed.doc, analyzer.rules, parsed.suppressions, options, { rule: analyzer.syntaxRule, reports: parsed.syntaxErrors });
  return { parsed, run };
}

export function analyzeText<D>(
  analyzer: FileAnalyzer<D>,
  text: string,
  options: EngineOptions,
  rulesetVersion: string,
): Report {
  const { run } = runAnalyzer(analyzer, text, options);
  return buildReport(run.findings, run.suppressed, rulesetVersion, scoringTable(options.profile));
}

export function metasOf(analyzer: FileAnalyzer<unknown>): RuleMeta[] {
  return [analyzer.syntaxRule.meta, ...analyzer.rules.map((r) => r.meta)];
}
