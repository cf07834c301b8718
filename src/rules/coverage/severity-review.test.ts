import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ANALYSIS_RULES } from '../../analysis/catalogue.ts';
import type { RuleMeta } from '../../core/rule.ts';
import { comparison, peerSeverities, renderSeverityReview } from './severity-review.ts';
import { PEER_SEVERITIES } from './severities.ts';

const meta = (severity: RuleMeta['severity'], equivalents: string[]): RuleMeta => ({
  id: 'CGD999', name: 'x', target: 'dockerfile', title: 'X', description: 'X.', severity, category: 'security',
  references: [], remediation: 'X.', equivalents, messages: { default: 'X.' }, examples: { bad: [], good: [] },
});

describe('severity review', () => {
  it('reads each peer\'s level on our scale', () => {
    assert.deepEqual(peerSeverities(meta('low', ['hadolint:DL3020', 'trivy:DS005', 'checkov:CKV_DOCKER_4'])).map((p) => [p.severity, p.ours]), [['error', 'high'], ['low', 'low']]);
  });
  it('compares the peers with our default', () => {
    assert.equal(comparison(meta('low', ['trivy:DS005'])), 'same');
    assert.equal(comparison(meta('low', ['trivy:DS002'])), 'peers higher');
    assert.equal(comparison(meta('high', ['hadolint:DL3006'])), 'peers lower');
    assert.equal(comparison(meta('medium', ['hadolint:DL3002', 'trivy:DS002'])), 'mixed');
    assert.equal(comparison(meta('medium', ['buildkit:UndefinedVar'])), '');
  });
  it('has a severity or an explained null for every equivalent of a hadolint, Trivy, KICS or dclint check we name', () => {
    for (const m of ANALYSIS_RULES) {
      for (const e of m.equivalents) if (/^(hadolint|trivy|kics|dclint):/.test(e)) assert.ok(Object.hasOwn(PEER_SEVERITIES, e), `${m.id}: ${e} has no entry`);
    }
  });
  it('lists every Dockerfile, Compose and project rule with its context', () => {
    const text = renderSeverityReview(ANALYSIS_RULES);
    for (const m of ANALYSIS_RULES.filter((r) => ['dockerfile', 'compose', 'project'].includes(r.target))) {
      assert.ok(text.includes(`| [${m.id}](${m.id}.md) ${m.name}`), m.id);
      assert.ok(m.severityContext?.length, `${m.id} has severityContext`);
    }
  });
});
