// The scoring principles, pinned: tables of findings and the score and impacts each yields under both profiles' walks,
// and properties over random findings (the sum explains the score, caps bind, hygiene alone never fails the default
// gate, the same input always gives the same score).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { costFindings, gradeFor, SCORING_TABLE, scoringTable, STRICT_SCORING_TABLE } from './scoring.ts';
import type { ScoringTable } from './scoring.ts';
import { buildReport } from './engine.ts';
import type { Finding, Severity } from './types.ts';
import { SEVERITIES } from './types.ts';

function finding(rule_id: string, severity: Severity, line = 1): Finding {
  return {
    rule_id, rule_name: rule_id, severity, category: 'security', title: 't', message: 'm',
    location: { start_line: line, start_column: 1, end_line: line, end_column: 2 },
    remediation: 'r', help_url: 'h', score_impact: 0, equivalents: [],
  };
}

/** `A:medium` -> a finding of rule A, one line each in the order written. */
const parse = (spec: string): Finding[] => spec.split(' ').filter(Boolean).map((s, i) => {
  const [rule, severity] = s.split(':');
  return finding(rule!, severity as Severity, i + 1);
});

interface Case {
  name: string;
  findings: string;
  start?: number;
  score: number;
  /** Impacts in report order (by line, i.e. the order written). */
  impacts: number[];
}

function check(table: ScoringTable, c: Case): void {
  const report = buildReport(parse(c.findings), [], 'v', table, c.start);
  assert.deepEqual(report.findings.map((f) => f.score_impact), c.impacts, `${c.name}: impacts`);
  assert.equal(report.score, c.score, `${c.name}: score`);
  assert.equal(report.score, (c.start ?? 100) + c.impacts.reduce((s, x) => s + x, 0), `${c.name}: the sum explains the score`);
}

const RECOMMENDED: Case[] = [
  { name: 'no finding', findings: '', score: 100, impacts: [] },
  { name: 'info is free', findings: 'A:info B:info A:info', score: 100, impacts: [0, 0, 0] },
  { name: 'one medium', findings: 'A:medium', score: 94, impacts: [-6] },
  { name: 'one low', findings: 'A:low', score: 98, impacts: [-2] },
  { name: 'a medium rule on five services costs once', findings: 'A:medium A:medium A:medium A:medium A:medium', score: 94, impacts: [-6, 0, 0, 0, 0] },
  { name: 'hygiene costs at most 20 in all', findings: 'A:medium B:medium C:medium D:medium', score: 80, impacts: [-6, -6, -6, -2] },
  { name: 'ten low rules stop at 80', findings: 'A:low B:low C:low D:low E:low F:low G:low H:low I:low J:low K:low', score: 80, impacts: [-2, -2, -2, -2, -2, -2, -2, -2, -2, -2, 0] },
  { name: 'medium before low: the walk is most severe first', findings: 'L:low M:medium N:medium O:medium P:medium', score: 80, impacts: [0, -6, -6, -6, -2] },
  { name: 'one high is capped at 79', findings: 'H:high', score: 79, impacts: [-21] },
  { name: 'high repeats decay', findings: 'H:high H:high H:high', score: 64, impacts: [-21, -10, -5] },
  { name: 'hygiene still costs beside a blocking finding, 20 at most', findings: 'H:high A:medium B:medium C:medium D:medium A:medium', score: 59, impacts: [-21, -6, -6, -6, -2, 0] },
  { name: 'one critical is capped at 49', findings: 'C:critical', score: 49, impacts: [-51] },
  { name: 'critical then high', findings: 'C:critical H:high C:critical', score: 9, impacts: [-51, -20, -20] },
  { name: 'nothing costs more than what is left', findings: 'C:critical D:critical E:critical F:critical', score: 0, impacts: [-51, -40, -9, 0] },
  { name: 'a rule that reports high and low: the low one is a repeat', findings: 'P:low P:high', score: 79, impacts: [0, -21] },
  { name: 'project start above the floor: hygiene stops at 80', findings: 'A:medium B:medium', start: 85, score: 80, impacts: [-5, 0] },
  { name: 'project start below the floor (a file is blocked): hygiene costs', findings: 'A:medium A:medium B:low', start: 70, score: 62, impacts: [-6, 0, -2] },
  { name: 'project start with a blocking project finding', findings: 'H:high A:medium', start: 90, score: 64, impacts: [-20, -6] },
];

const STRICT: Case[] = [
  { name: 'every repeat costs', findings: 'A:medium A:medium A:medium A:medium', score: 88, impacts: [-6, -3, -2, -1] },
  { name: 'repeats cost at least 1', findings: 'A:low A:low A:low', score: 96, impacts: [-2, -1, -1] },
  { name: 'no hygiene limit', findings: 'A:medium B:medium C:medium D:medium E:medium', score: 70, impacts: [-6, -6, -6, -6, -6] },
  { name: 'caps as recommended', findings: 'H:high A:low', score: 77, impacts: [-21, -2] },
  { name: 'info is free', findings: 'A:info A:info', score: 100, impacts: [0, 0] },
];

describe('scoring 2026-11.2, recommended', () => {
  for (const c of RECOMMENDED) it(c.name, () => check(SCORING_TABLE, c));
});

describe('scoring 2026-11.2, strict (the 2026-11.1 walk)', () => {
  for (const c of STRICT) it(c.name, () => check(STRICT_SCORING_TABLE, c));
});

describe('scoring tables', () => {
  it('both profiles carry the version; the profile picks the table', () => {
    assert.equal(SCORING_TABLE.version, '2026-11.2');
    assert.equal(STRICT_SCORING_TABLE.version, SCORING_TABLE.version);
    assert.equal(scoringTable(undefined), SCORING_TABLE);
    assert.equal(scoringTable('recommended'), SCORING_TABLE);
    assert.equal(scoringTable('strict'), STRICT_SCORING_TABLE);
  });
  it('grades follow the table', () => {
    const cases: [number, string][] = [[100, 'A+'], [97, 'A+'], [96, 'A'], [90, 'A'], [89, 'B'], [80, 'B'], [79, 'C'], [65, 'C'], [64, 'D'], [50, 'D'], [49, 'F'], [0, 'F']];
    for (const [score, grade] of cases) assert.equal(gradeFor(score), grade, String(score));
  });
  it('costFindings costs in the order given (callers sort most severe first)', () => {
    assert.deepEqual(costFindings([{ rule_id: 'A', severity: 'medium' }, { rule_id: 'A', severity: 'medium' }, { rule_id: 'B', severity: 'low' }]), [-6, 0, -2]);
  });
});

const arb = fc.array(fc.record({ rule: fc.constantFrom('A', 'B', 'C', 'D', 'E', 'F'), severity: fc.constantFrom(...SEVERITIES), line: fc.integer({ min: 1, max: 50 }) }), { maxLength: 60 });
const blocking = (f: Finding): boolean => f.severity === 'critical' || f.severity === 'high';

describe('scoring properties', () => {
  for (const table of [SCORING_TABLE, STRICT_SCORING_TABLE]) {
    it(`${table.nonBlockingRepeats}: score = start + sum(score_impact), within 0..start, caps hold, deterministic and order-independent`, () => {
      fc.assert(fc.property(arb, fc.integer({ min: 0, max: 100 }), (items, start) => {
        const findings = items.map((i) => finding(i.rule, i.severity, i.line));
        const report = buildReport(findings, [], 'v', table, start);
        assert.equal(report.score, start + report.findings.reduce((s, f) => s + f.score_impact, 0));
        assert.ok(report.score >= 0 && report.score <= start);
        assert.ok(report.findings.every((f) => Number.isInteger(f.score_impact) && f.score_impact <= 0));
        if (findings.some((f) => f.severity === 'critical')) assert.ok(report.score <= 49);
        if (findings.some((f) => f.severity === 'high')) assert.ok(report.score <= 79);
        const again = buildReport([...findings].reverse(), [], 'v', table, start);
        assert.equal(again.score, report.score);
        assert.deepEqual(again.findings, report.findings);
      }), { numRuns: 300 });
    });
  }
  it('recommended: hygiene alone never takes a file below 80, costs 20 at most, and each rule once', () => {
    fc.assert(fc.property(arb, (items) => {
      const report = buildReport(items.map((i) => finding(i.rule, i.severity, i.line)), [], 'v');
      const hygiene = report.findings.filter((f) => !blocking(f));
      if (!report.findings.some(blocking)) assert.ok(report.score >= 80, `score ${report.score}`);
      assert.ok(hygiene.reduce((s, f) => s - f.score_impact, 0) <= 20);
      for (const rule of new Set(hygiene.map((f) => f.rule_id))) {
        assert.ok(hygiene.filter((f) => f.rule_id === rule && f.score_impact < 0).length <= 1, `${rule} costs once`);
      }
    }), { numRuns: 300 });
  });
  it('strict: every finding but info costs something while points are left above the caps', () => {
    fc.assert(fc.property(arb, (items) => {
      const report = buildReport(items.map((i) => finding(i.rule, i.severity, i.line)), [], 'v', STRICT_SCORING_TABLE);
      if (report.score > 0) for (const f of report.findings) if (f.severity !== 'info') assert.ok(f.score_impact < 0, JSON.stringify(f.location));
    }), { numRuns: 300 });
  });
});
