// Whole-project fixtures: the hardened one yields nothing (no false positives, opt-in rules aside), the
// insecure one exactly the findings a reviewer would list, each at its exact position.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { analyzeText, runAnalyzer } from '../../core/analyze.ts';
import { composeAnalyzer } from './index.ts';

const fixture = (name: string): string => readFileSync(new URL(`../../../test/fixtures/compose/${name}`, import.meta.url), 'utf8');
const options = { helpBaseUrl: 'http://test' };

function findings(text: string): string[] {
  const { run } = runAnalyzer(composeAnalyzer, text, options);
  assert.deepEqual(run.ruleErrors, []);
  return run.findings.map((f) => `${f.rule_id} ${f.location.start_line}:${f.location.start_column}-${f.location.end_line}:${f.location.end_column}`);
}

describe('compose fixtures', () => {
  it('the hardened web app + database + cache (anchors, merge keys, extends, profiles) has no findings', () => {
    assert.deepEqual(findings(fixture('hardened.compose.yaml')), []);
    const report = analyzeText(composeAnalyzer, fixture('hardened.compose.yaml'), options, 'test');
    assert.equal(report.score, 100);
    assert.equal(report.grade, 'A+');
  });

  it('the insecure file yields exactly the expected findings', () => {
    assert.deepEqual(findings(fixture('insecure.compose.yaml')).sort(), [
      'CGC003 18:17-18:21', // privileged: true
      'CGC008 16:9-16:29', // docker.sock
      'CGC011 3:3-3:6', // web keeps capabilities (db is privileged: CGC003 covers it)
      'CGC013 3:3-3:6',
      'CGC013 9:3-9:5',
      'CGC017 12:28-12:39', // MYSQL_ROOT_PASSWORD literal
      'CGC020 6:9-6:16', // "80:80" on all interfaces
      'CGC021 14:9-14:20', // MySQL on all interfaces
      'CGC022 6:10-6:12', // host port 80
      'CGC023 10:12-10:24', // mysql:latest
      'CGC023 4:12-4:17', // nginx untagged
      'CGC025 3:3-3:6',
      'CGC025 9:3-9:5',
      'CGC026 3:3-3:6',
      'CGC026 9:3-9:5',
      'CGC027 3:3-3:6',
      'CGC027 9:3-9:5',
      'CGC028 3:3-3:6',
      'CGC028 9:3-9:5',
      'CGC030 3:3-3:6',
      'CGC030 9:3-9:5',
      'CGC031 1:1-1:8', // version
      'CGC032 7:5-7:10', // links
      'CGC034 17:9-17:14', // volume "mysql" not declared
    ].sort());
  });

  it('opt-in rules find the tag-only images of the hardened file when enabled', () => {
    const { run } = runAnalyzer(composeAnalyzer, fixture('hardened.compose.yaml'), { ...options, enable: ['image-not-pinned-by-digest', 'CGC029'] });
    assert.deepEqual(run.findings.map((f) => f.rule_id).sort(), ['CGC024', 'CGC024', 'CGC024', 'CGC024', 'CGC029', 'CGC029', 'CGC029', 'CGC029', 'CGC029']);
  });
});
