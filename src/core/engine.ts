// The engine: runs rules over a parsed document, turns their reports into findings, applies suppressions,
// then scores. Pure: the same input always yields the same report.
import { createHash } from 'node:crypto';
import { fileRole } from './file-role.ts';
import type { Profile, Report as RuleReport, Rule, RuleContext, RuleMeta, RuleOptionValue } from './rule.ts';
import { formatMessage } from './rule.ts';
import { costFindings, countBySeverity, gradeFor, highestSeverity, SCORING_TABLE, SEVERITY_RANK } from './scoring.ts';
import type { ScoringTable } from './scoring.ts';
import { findSuppression } from './suppressions.ts';
import type { Suppression } from './suppressions.ts';
import type { Finding, Location, Report, Severity, SuppressedFinding } from './types.ts';

/** Which rules run and how their findings count: a request's `profile` and `rules`, validated (every rule named
 * exists, every severity and option is valid). Rules are named by id or name. */
export interface RuleConfig {
  /** `recommended` when absent. */
  profile?: Profile;
  /** Opt-in rules to run. */
  enable?: readonly string[];
  /** Rules not to run. */
  disable?: readonly string[];
  /** A severity for every finding of a rule, over the rule's own and the profile's. */
  severity?: Readonly<Record<string, Severity>>;
  /** A rule's option values, over the defaults its metadata declares. */
  options?: Readonly<Record<string, Readonly<Record<string, RuleOptionValue>>>>;
  /** Fingerprints of findings known before (src/core/fingerprint.ts): they are suppressed (`baseline`), not scored. */
  baseline?: readonly string[];
}

export interface EngineOptions extends RuleConfig {
  /** Base of `help_url`: the service's public URL; each finding links to `<base>/rules/<id>`. */
  helpBaseUrl: string;
  /** The analyzed file's name as submitted (a path for project files): rules read its role from it. */
  file?: string;
}

export interface RuleRun {
  findings: Finding[];
  suppressed: SuppressedFinding[];
  /** Rules that threw: a bug on our side, surfaced to tests instead of crashing the request. */
  ruleErrors: string[];
}

function named(meta: RuleMeta, list: readonly string[] | undefined): boolean {
  return list?.some((x) => x === meta.id || x === meta.name) ?? false;
}

/** A rule's entry in a map keyed by rule id or name (the id wins). Own keys only: a map comes from a request. */
function entryFor<T>(meta: RuleMeta, map: Readonly<Record<string, T>> | undefined): T | undefined {
  if (!map) return undefined;
  if (Object.hasOwn(map, meta.id)) return map[meta.id];
  return Object.hasOwn(map, meta.name) ? map[meta.name] : undefined;
}

export function isEnabled(meta: RuleMeta, options: Pick<EngineOptions, 'enable' | 'disable' | 'profile'>): boolean {
  if (named(meta, options.disable)) return false;
  return !meta.optIn || options.profile === 'strict' || named(meta, options.enable);
}

/** Under `strict` the hardening families are defects: their findings count as high at least. */
function raisedByProfile(meta: RuleMeta, severity: Severity, profile: Profile | undefined): Severity {
  return profile === 'strict' && meta.tags?.includes('hardening') && SEVERITY_RANK[severity] < SEVERITY_RANK.high ? 'high' : severity;
}

/** The severity of one finding: the configured one for its rule, else the one the rule reported (or its metadata's),
 * raised by the profile. */
export function findingSeverity(meta: RuleMeta, reported: Severity | undefined, config: RuleConfig): Severity {
  return entryFor(meta, config.severity) ?? raisedByProfile(meta, reported ?? meta.severity, config.profile);
}

/** A rule's options: its metadata's defaults with the configured values over them. */
export function ruleOptions(meta: RuleMeta, config: RuleConfig): Readonly<Record<string, RuleOptionValue>> {
  if (!meta.options) return NO_OPTIONS;
  const out: Record<string, RuleOptionValue> = {};
  for (const [name, spec] of Object.entries(meta.options)) out[name] = spec.default;
  const given = entryFor(meta, config.options);
  if (given) for (const name of Object.keys(given)) if (Object.hasOwn(meta.options, name)) out[name] = given[name]!;
  return out;
}

const NO_OPTIONS: Readonly<Record<string, RuleOptionValue>> = Object.freeze({});

// The base URL is the same for every finding of a service; its trailing slashes are trimmed once, not per finding.
let lastBase: string | undefined;
let lastRulesUrl = '';
function rulesUrl(helpBaseUrl: string): string {
  if (helpBaseUrl !== lastBase) {
    lastRulesUrl = `${helpBaseUrl.replace(/\/+$/, '')}/rules/`;
    lastBase = helpBaseUrl;
  }
  return lastRulesUrl;
}

/** A report as a finding; its severity is the report's (or the metadata's) unless the caller decided another. */
export function toFinding(meta: RuleMeta, report: RuleReport, helpBaseUrl: string, severity: Severity = report.severity ?? meta.severity): Finding {
  const location: Location = { ...report.range };
  if (report.file !== undefined) location.file = report.file;
  const finding: Finding = {
    rule_id: meta.id,
    rule_name: meta.name,
    severity,
    category: meta.category,
    title: meta.title,
    message: formatMessage(meta, report.messageId, report.data),
    location,
    remediation: meta.remediation,
    help_url: rulesUrl(helpBaseUrl) + meta.id,
    score_impact: 0,
    // Shared with the metadata (read-only everywhere): a copy per finding would only cost time.
    equivalents: meta.equivalents,
  };
  if (meta.cwe) finding.cwe = meta.cwe;
  if (report.fix) finding.fix = report.fix;
  return finding;
}

/** Reports made before any rule ran (a parser's syntax errors), filed under the rule that owns them; that rule's
 * own check runs next, before the other rules (what the document as a whole lacks, such as a Dockerfile's FROM). */
export interface PriorReports<D> {
  rule: Rule<D>;
  reports: readonly RuleReport[];
}

function skipped(meta: RuleMeta, options: EngineOptions, filtered: boolean): boolean {
  // Without enable/disable lists or a profile a rule runs unless it is opt-in.
  return filtered ? !isEnabled(meta, options) : meta.optIn === true;
}

/** Turns one rule's reports into findings, split into reported and suppressed. */
function collect(run: RuleRun, meta: RuleMeta, reports: readonly RuleReport[], suppressions: readonly Suppression[], options: EngineOptions): void {
  for (const r of reports) {
    const finding = toFinding(meta, r, options.helpBaseUrl, findingSeverity(meta, r.severity, options));
    const s = findSuppression(suppressions, meta, r.range.start_line);
    if (s) {
      const suppression: SuppressedFinding['suppression'] = { kind: s.kind, pragma: s.pragma, line: s.line };
      if (s.reason !== undefined) suppression.reason = s.reason;
      run.suppressed.push({ ...finding, suppression });
    } else {
      run.findings.push(finding);
    }
  }
}

/**
 * Runs every enabled rule once over the document and splits findings into reported and suppressed. `prior`
 * reports come first, as if their rule had run before the others (callers need no wrapper rule or list copy).
 */
export function runRules<D>(
  doc: D,
  rules: readonly Rule<D>[],
  suppressions: readonly Suppression[],
  options: EngineOptions,
  prior?: PriorReports<D>,
): RuleRun {
  const run: RuleRun = { findings: [], suppressed: [], ruleErrors: [] };
  const filtered = options.enable !== undefined || options.disable !== undefined || options.profile !== undefined;
  const path = options.file ?? '';
  // One context for every rule without options (most of them): no object per rule.
  const shared: RuleContext = { file: { path, role: fileRole(path) }, options: NO_OPTIONS, profile: options.profile ?? 'recommended' };
  // One reporter for all rules (not a closure per rule); its buffer is replaced only after a rule reported
  // (most rules report nothing, and truncating an array is a runtime call). A rule's reports are kept only
  // when its check completes.
  let reports: RuleReport[] = [];
  const reporter = (r: RuleReport): void => {
    reports.push(r);
  };
  const check = (rule: Rule<D>): void => {
    if (skipped(rule.meta, options, filtered)) return;
    try {
      rule.check(doc, reporter, rule.meta.options ? { ...shared, options: ruleOptions(rule.meta, options) } : shared);
    } catch (err) {
      if (reports.length > 0) reports = [];
      run.ruleErrors.push(`${rule.meta.id}: ${err instanceof Error ? err.message : String(err)}`);
      return;
    }
    if (reports.length === 0) return;
    const done = reports;
    reports = [];
    collect(run, rule.meta, done, suppressions, options);
  };
  if (prior) {
    if (prior.reports.length > 0 && !skipped(prior.rule.meta, options, filtered)) collect(run, prior.rule.meta, prior.reports, suppressions, options);
    check(prior.rule);
  }
  for (const rule of rules) check(rule);
  return run;
}

function byPosition(a: Finding, b: Finding): number {
  return (
    (a.location.file ?? '').localeCompare(b.location.file ?? '') ||
    a.location.start_line - b.location.start_line ||
    a.location.start_column - b.location.start_column ||
    SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity] ||
    a.rule_id.localeCompare(b.rule_id) ||
    a.message.localeCompare(b.message)
  );
}

function bySeverity(a: Finding, b: Finding): number {
  return SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity] || byPosition(a, b);
}

/**
 * Scores findings and assembles the report. Costing walks the most severe findings first (so caps bind at the
 * first critical or high); the report lists findings by position. `start` lets project scoring begin from the
 * worst file's score instead of 100.
 */
export function buildReport(
  findings: readonly Finding[],
  suppressed: readonly SuppressedFinding[],
  rulesetVersion: string,
  table: ScoringTable = SCORING_TABLE,
  start = 100,
): Report {
  const ordered = [...findings].sort(bySeverity);
  const impacts = costFindings(ordered, table, start);
  const scored = ordered.map((f, i) => ({ ...f, score_impact: impacts[i] ?? 0 }));
  const score = start + impacts.reduce((sum, x) => sum + x, 0);
  const summary = countBySeverity(scored);
  return {
    score,
    grade: gradeFor(score, table),
    severity: highestSeverity(summary),
    summary,
    findings: scored.sort(byPosition),
    suppressed: [...suppressed].map((f) => ({ ...f, score_impact: 0 })).sort(byPosition),
    scoring_version: table.version,
    ruleset_version: rulesetVersion,
  };
}

/** A short, stable fingerprint of a rule set: changes whenever a rule is added, removed or re-rated. */
export function rulesetVersion(metas: readonly RuleMeta[]): string {
  const h = createHash('sha256');
  for (const m of [...metas].sort((a, b) => a.id.localeCompare(b.id))) {
    h.update(`${m.id}|${m.name}|${m.severity}|${m.category}|${m.optIn ? 1 : 0}\n`);
  }
  return `1.${metas.length}.${h.digest('hex').slice(0, 8)}`;
}
