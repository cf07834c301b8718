// Scoring is data: a versioned table plus one deterministic walk over the findings. Every report names the
// version that made it, and each finding carries the points it cost, so a score can be re-derived by hand.
import type { Grade, ReportSeverity, Severity, SeverityCounts } from './types.ts';
import { SEVERITIES } from './types.ts';

import type { Profile } from './rule.ts';

export interface ScoringTable {
  version: string;
  /** Points the first finding of a rule costs, by severity. */
  baseCost: Record<Severity, number>;
  /** Severities that block a merge (docs/scoring.md): their repeats decay, caps apply; the others are hygiene. */
  blocking: readonly Severity[];
  /** Each further blocking finding of the same rule costs this fraction of the previous one... */
  repeatDecay: number;
  /** ...but never less than this for a non-info finding. */
  minRepeatCost: number;
  /** How further non-blocking findings of a rule cost: `once` — nothing (the rule costs once per report); `decay` —
   * as blocking ones. */
  nonBlockingRepeats: 'once' | 'decay';
  /** Non-blocking findings cost at most `maxTotal` together and, in a report with no blocking finding that starts at
   * or above `floor`, never take the score below `floor`. Absent: no limit. */
  hygiene?: { maxTotal: number; floor: number };
  /** Highest score reachable while a finding of this severity is present. */
  caps: Partial<Record<Severity, number>>;
  /** Lowest score for each grade, best first. */
  grades: ReadonlyArray<readonly [Grade, number]>;
}

/** The `recommended` profile: hygiene alone cannot fail the default gate (score ≥ 80). */
export const SCORING_TABLE: ScoringTable = {
  version: '2026-11.2',
  baseCost: { critical: 40, high: 20, medium: 6, low: 2, info: 0 },
  blocking: ['critical', 'high'],
  repeatDecay: 0.5,
  minRepeatCost: 1,
  nonBlockingRepeats: 'once',
  hygiene: { maxTotal: 20, floor: 80 },
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

/** The `strict` profile: the same costs, every finding costs (the 2026-11.1 walk), no hygiene limit. */
export const STRICT_SCORING_TABLE: ScoringTable = { ...SCORING_TABLE, nonBlockingRepeats: 'decay', hygiene: undefined };

export const SCORING_VERSION = SCORING_TABLE.version;

/** The table a profile scores with; both carry the same version, and reports name their profile. */
export function scoringTable(profile: Profile | undefined): ScoringTable {
  return profile === 'strict' ? STRICT_SCORING_TABLE : SCORING_TABLE;
}

export const SEVERITY_RANK: Record<Severity, number> = { critical: 4, high: 3, medium: 2, low: 1, info: 0 };

export interface Scorable {
  rule_id: string;
  severity: Severity;
}

/**
 * Costs each finding, in the order given (callers sort most severe first), and returns the points each one
 * cost (0 or negative). The walk: the n-th blocking finding of a rule costs base × decay^(n-1), rounded, at least
 * `minRepeatCost`; a non-blocking finding costs its base the first time its rule is seen and nothing after
 * (`once`), within the hygiene limit; a finding whose severity has a cap costs at least what brings the running
 * score down to the cap; nothing costs more than the points left. Hence score = start + sum(impacts), in 0..start.
 */
export function costFindings(findings: readonly Scorable[], table: ScoringTable = SCORING_TABLE, start = 100): number[] {
  const seen = new Map<string, number>();
  const blocking = (f: Scorable): boolean => table.blocking.includes(f.severity);
  const hygiene = table.hygiene;
  // The floor holds for hygiene alone: not once a blocking finding is present, nor below where the walk starts.
  const floor = hygiene && start >= hygiene.floor && !findings.some(blocking) ? hygiene.floor : 0;
  let hygieneLeft = hygiene?.maxTotal ?? Infinity;
  let running = start;
  return findings.map((f) => {
    const n = seen.get(f.rule_id) ?? 0;
    seen.set(f.rule_id, n + 1);
    const base = table.baseCost[f.severity];
    let cost: number;
    if (blocking(f) || table.nonBlockingRepeats === 'decay') {
      cost = base === 0 ? 0 : Math.max(table.minRepeatCost, Math.round(base * table.repeatDecay ** n));
    } else {
      cost = n === 0 ? base : 0;
    }
    if (!blocking(f)) {
      cost = Math.max(0, Math.min(cost, hygieneLeft, running - floor));
      hygieneLeft -= cost;
    }
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
