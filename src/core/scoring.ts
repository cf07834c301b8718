// Scoring is data: a versioned table plus one deterministic walk over the findings. Every report names the
// version that made it, and each finding carries the points it cost, so a score can be re-derived by hand.
import type { Grade, ReportSeverity, Severity, SeverityCounts } from './types.ts';
import { SEVERITIES } from './types.ts';

export interface ScoringTable {
  version: string;
  /** Points the first finding of a rule costs, by severity. */
  baseCost: Record<Severity, number>;
  /** Each further finding of the same rule costs this fraction of the previous one... */
  repeatDecay: number;
  /** ...but never less than this for a non-info finding. */
  minRepeatCost: number;
  /** Highest score reachable while a finding of this severity is present. */
  caps: Partial<Record<Severity, number>>;
  /** Lowest score for each grade, best first. */
  grades: ReadonlyArray<readonly [Grade, number]>;
}

export const SCORING_TABLE: ScoringTable = {
  version: '2026-11.1',
  baseCost: { critical: 40, high: 20, medium: 8, low: 3, info: 0 },
  repeatDecay: 0.5,
  minRepeatCost: 1,
  caps: { critical: 49, high: 79 },
  grades: [
    ['A+', 97],
    ['A', 90],
    ['B', 80],
    ['C', 65],
    ['D', 50],
    ['F', 0],
  ],
};

export const SCORING_VERSION = SCORING_TABLE.version;

export const SEVERITY_RANK: Record<Severity, number> = { critical: 4, high: 3, medium: 2, low: 1, info: 0 };

export interface Scorable {
  rule_id: string;
  severity: Severity;
}

/**
 * Costs each finding, in the order given (callers sort most severe first), and returns the points each one
 * cost (0 or negative). The walk: the n-th finding of a rule costs base × decay^(n-1), rounded, at least
 * `minRepeatCost` unless info; a finding whose severity has a cap costs at least what brings the running score
 * down to the cap; nothing costs more than the points left. Hence score = 100 + sum(impacts), always in 0..100.
 */
export function costFindings(findings: readonly Scorable[], table: ScoringTable = SCORING_TABLE, start = 100): number[] {
  const seen = new Map<string, number>();
  let running = start;
  return findings.map((f) => {
    const n = seen.get(f.rule_id) ?? 0;
    seen.set(f.rule_id, n + 1);
    const base = table.baseCost[f.severity];
    let cost = base === 0 ? 0 : Math.max(table.minRepeatCost, Math.round(base * table.repeatDecay ** n));
    const cap = table.caps[f.severity];
    if (cap !== undefined && running - cost > cap) cost = running - cap;
    cost = Math.min(cost, running);
    running -= cost;
    return cost === 0 ? 0 : -cost;
  });
}

export function gradeFor(score: number, table: ScoringTable = SCORING_TABLE): Grade {
  for (const [grade, min] of table.grades) if (score >= min) return grade;
  return 'F';
}

export function countBySeverity(findings: readonly { severity: Severity }[]): SeverityCounts {
  const counts: SeverityCounts = { critical: 0, high: 0, medium: 0, low: 0, info: 0 };
  for (const f of findings) counts[f.severity]++;
  return counts;
}

export function highestSeverity(counts: SeverityCounts): ReportSeverity {
  return SEVERITIES.find((s) => counts[s] > 0) ?? 'none';
}
