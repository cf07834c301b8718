// The scoring principles, pinned: info is free, repeats cost less, caps bind, the sum explains the score,
// and the same input always gives the same score.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { costFindings, gradeFor, SCORING_TABLE } from './scoring.ts';
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

describe('scoring table', () => {
  it('info findings cost nothing', () => {
    const report = buildReport([finding('A', 'info'), finding('B', 'info'), finding('A', 'info')], [], 'v');
    assert.equal(report.score, 100);
    assert.deepEqual(report.findings.map((f) => f.score_impact), [0, 0, 0]);
    assert.equal(report.severity, 'info');
  });
  it('repeats of one rule cost less each time, but something', () => {
    const impacts = costFindings([1, 2, 3, 4, 5].map(() => ({ rule_id: 'A', severity: 'medium' as const })));
    for (let i = 1; i < impacts.length; i++) assert.ok(-impacts[i]! <= -impacts[i - 1]!, 'non-increasing cost');
    assert.ok(-impacts[1]! < -impacts[0]!, 'the second costs less than the first');
    assert.ok(impacts.every((x) => x < 0), 'each still costs');
  });
  it('a different rule starts at full cost again', () => {
    const [a1, a2, b1] = costFindings([{ rule_id: 'A', severity: 'low' }, { rule_id: 'A', severity: 'low' }, { rule_id: 'B', severity: 'low' }]);
    assert.equal(b1, a1);
    assert.ok(a2! > a1!);
  });
  it('any critical caps the score below 50, any high below 80', () => {
    assert.ok(buildReport([finding('C', 'critical')], [], 'v').score < 50);
    assert.ok(buildReport([finding('H', 'high')], [], 'v').score < 80);
    assert.equal(buildReport([finding('H', 'high')], [], 'v').score, SCORING_TABLE.caps.high);
  });
  it('grades follow the table', () => {
    assert.equal(gradeFor(100), 'A+');
    assert.equal(gradeFor(90), 'A');
    assert.equal(gradeFor(79), 'C');
    assert.equal(gradeFor(49), 'F');
  });
  it('property: score = 100 + sum(score_impact), within 0..100, caps hold, deterministic and order-independent', () => {
    const arb = fc.array(fc.record({ rule: fc.constantFrom('A', 'B', 'C', 'D'), severity: fc.constantFrom(...SEVERITIES), line: fc.integer({ min: 1, max: 50 }) }), { maxLength: 60 });
    fc.assert(fc.property(arb, (items) => {
      const findings = items.map((i) => finding(i.rule, i.severity, i.line));
      const report = buildReport(findings, [], 'v');
      const sum = report.findings.reduce((s, f) => s + f.score_impact, 0);
      assert.equal(report.score, 100 + sum);
      assert.ok(report.score >= 0 && report.score <= 100);
      if (findings.some((f) => f.severity === 'critical')) assert.ok(report.score < 50);
      if (findings.some((f) => f.severity === 'high')) assert.ok(report.score < 80);
      const again = buildReport([...findings].reverse(), [], 'v');
      assert.equal(again.score, report.score);
      assert.deepEqual(again.findings, report.findings);
    }), { numRuns: 500 });
  });
  it('project-style scoring can start from a lower score and never goes below 0', () => {
    const report = buildReport([finding('C', 'critical'), finding('H', 'high')], [], 'v', SCORING_TABLE, 30);
    assert.ok(report.score >= 0 && report.score <= 30);
    assert.equal(report.score, 30 + report.findings.reduce((s, f) => s + f.score_impact, 0));
  });
});
