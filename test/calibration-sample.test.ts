import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Finding } from '../src/core/types.ts';
import { draw, mediumOrHigher, prng } from '../bench/calibration/sample.ts';

const finding = (rule_id: string, severity: Finding['severity'], line: number): Finding =>
  ({ rule_id, rule_name: rule_id.toLowerCase(), severity, message: `m ${rule_id}`, location: { start_line: line, start_column: 1, end_line: line, end_column: 2 } }) as Finding;

describe('calibration sample', () => {
  it('draws the same items for the same seed, distinct items, at most the pool', () => {
    const pool = Array.from({ length: 50 }, (_, i) => i);
    assert.deepEqual(draw(pool, 10, 19), draw(pool, 10, 19));
    assert.notDeepEqual(draw(pool, 10, 19), draw(pool, 10, 20));
    assert.equal(new Set(draw(pool, 50, 1)).size, 50);
    assert.equal(draw(pool, 80, 1).length, 50);
    assert.deepEqual([...pool].sort((a, b) => a - b), pool, 'the input is not changed');
  });
  it('generates numbers in [0, 1)', () => {
    const r = prng(7);
    for (let i = 0; i < 1000; i++) {
      const x = r();
      assert.ok(x >= 0 && x < 1);
    }
  });
  it('keeps medium, high and critical findings in file and line order', () => {
    const got = mediumOrHigher([
      { file: 'b:Dockerfile', findings: [finding('CGD001', 'high', 3), finding('CGD131', 'low', 1)] },
      { file: 'a:compose.yaml', findings: [finding('CGC017', 'medium', 9), finding('CGC003', 'critical', 2), finding('CGC031', 'info', 1)] },
    ]);
    assert.deepEqual(got.map((f) => `${f.file}:${f.line} ${f.rule} ${f.severity}`), [
      'a:compose.yaml:2 CGC003 cgc003 critical',
      'a:compose.yaml:9 CGC017 cgc017 medium',
      'b:Dockerfile:3 CGD001 cgd001 high',
    ]);
  });
});
