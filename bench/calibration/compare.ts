// Comparing our reports with the labels: the gate verdict, whether a must-find was found, and the figures the
// calibration bench prints. Pure functions of labels and findings.
import type { Finding, Severity } from '../../src/core/types.ts';
import type { MustFind, Verdict } from './corpus.ts';

/** The default gate: the CLI's `--min-score`. */
export const DEFAULT_MIN_SCORE = 80;

export function gate(score: number, minScore = DEFAULT_MIN_SCORE): Verdict {
  return score >= minScore ? 'pass' : 'fail';
}

/** A finding reports at a line when its range covers the line. */
export function covers(finding: Pick<Finding, 'location'>, line: number): boolean {
  return finding.location.start_line <= line && line <= finding.location.end_line;
}

/** A must-find is found when a rule mapped to its concept reports at its line (`findings`: those of its file). */
export function isFound(must: MustFind, findings: readonly Pick<Finding, 'rule_id' | 'location'>[], rulesByConcept: ReadonlyMap<string, ReadonlySet<string>>): boolean {
  const rules = rulesByConcept.get(must.concept);
  return rules !== undefined && findings.some((f) => rules.has(f.rule_id) && covers(f, must.line));
}

/** The findings that cost points, most expensive first: what took the score below the gate. */
export function costly<F extends Pick<Finding, 'score_impact'>>(findings: readonly F[]): F[] {
  return findings.filter((f) => f.score_impact < 0).sort((a, b) => a.score_impact - b.score_impact);
}

/** One analysed file or project, compared with its label. */
export interface Outcome {
  id: string;
  type: string;
  label: Verdict;
  ours: Verdict;
  score: number;
  /** Every finding of the file or project (each with its file, for projects). */
  findings: (Finding & { file?: string })[];
  must: { must: MustFind & { file?: string }; found: boolean }[];
}

export interface Agreement {
  labelledFail: number;
  /** Labelled-fail items we fail too. */
  failed: number;
  labelledPass: number;
  /** Labelled-pass items we pass too. */
  passed: number;
  /** failed / labelledFail (null when nothing is labelled fail). */
  failAgreement: number | null;
  passAgreement: number | null;
  /** Share of the items our gate passes. */
  oursPassing: number | null;
  labelledPassing: number | null;
}

const share = (n: number, of: number): number | null => (of === 0 ? null : n / of);

export function agreement(items: readonly Pick<Outcome, 'label' | 'ours'>[]): Agreement {
  const fail = items.filter((i) => i.label === 'fail');
  const pass = items.filter((i) => i.label === 'pass');
  const failed = fail.filter((i) => i.ours === 'fail').length;
  const passed = pass.filter((i) => i.ours === 'pass').length;
  return {
    labelledFail: fail.length,
    failed,
    labelledPass: pass.length,
    passed,
    failAgreement: share(failed, fail.length),
    passAgreement: share(passed, pass.length),
    oursPassing: share(items.filter((i) => i.ours === 'pass').length, items.length),
    labelledPassing: share(pass.length, items.length),
  };
}

export interface Recall {
  total: number;
  found: number;
  recall: number | null;
  byConcept: Record<string, { total: number; found: number }>;
}

export function recall(items: readonly Pick<Outcome, 'must'>[]): Recall {
  const byConcept: Recall['byConcept'] = {};
  let total = 0;
  let found = 0;
  for (const { must } of items) {
    for (const m of must) {
      const c = (byConcept[m.must.concept] ??= { total: 0, found: 0 });
      c.total++;
      total++;
      if (m.found) {
        c.found++;
        found++;
      }
    }
  }
  return { total, found, recall: share(found, total), byConcept };
}

export interface RuleFiring {
  /** Items (files or projects) with at least one finding of the rule. */
  items: number;
  /** Those items by type. */
  byType: Record<string, number>;
  /** Findings of the rule by severity. */
  severities: Partial<Record<Severity, number>>;
  /** Labelled-pass items we fail on which the rule cost points. */
  wrongFails: number;
  /** ...of which it was the rule that cost the most. */
  wrongFailsPrimary: number;
  /** Points it cost on those items. */
  wrongFailPoints: number;
}

/** Per rule: how often it fires and at which severities, and what it costs the items we fail against their label. */
export function ruleFiring(items: readonly Outcome[]): Map<string, RuleFiring> {
  const rules = new Map<string, RuleFiring>();
  const entry = (id: string) => {
    let r = rules.get(id);
    if (!r) rules.set(id, (r = { items: 0, byType: {}, severities: {}, wrongFails: 0, wrongFailsPrimary: 0, wrongFailPoints: 0 }));
    return r;
  };
  for (const item of items) {
    for (const id of new Set(item.findings.map((f) => f.rule_id))) {
      const r = entry(id);
      r.items++;
      r.byType[item.type] = (r.byType[item.type] ?? 0) + 1;
    }
    for (const f of item.findings) entry(f.rule_id).severities[f.severity] = (entry(f.rule_id).severities[f.severity] ?? 0) + 1;
    if (item.label === 'pass' && item.ours === 'fail') {
      const points = new Map<string, number>();
      for (const f of costly(item.findings)) points.set(f.rule_id, (points.get(f.rule_id) ?? 0) - f.score_impact);
      const primary = [...points].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0];
      for (const [id, p] of points) {
        const r = entry(id);
        r.wrongFails++;
        r.wrongFailPoints += p;
        if (id === primary) r.wrongFailsPrimary++;
      }
    }
  }
  return rules;
}
