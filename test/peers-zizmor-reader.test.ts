// The peers benchmark's reader of zizmor's inline snapshots: findings, their lines and the end of the span zizmor
// underlines; a test source of our own (written here, not theirs) read as the benchmark reads a checkout.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { parseFindings, zizmorCases } from '../bench/peers/zizmor.ts';

const ONE_LINE = [
  'warning[demo-audit]: a title',
  '  --> @@INPUT@@:7:9',
  '   |',
  ' 6 |       run: |',
  '   |       --- this block',
  ' 7 |         echo ${{ x }}',
  '   |              ^^^^^^^^ a label',
  '   |',
  '   = note: audit confidence → High',
  '',
].join('\n');

const SEVERAL_LINES = [
  'error[other-audit]: another title',
  '  --> @@INPUT@@/action.yml:12:7',
  '   |',
  '12 |       - name: step',
  '   |  _______^',
  '13 | |       uses: a/b@main',
  '14 | |       with:',
  '15 | |         x: y',
  '   | |____________^ a label',
  '   |',
  '',
].join('\n');

test('parseFindings: the audit, the start line and the last line of the underlined span', () => {
  assert.deepEqual(parseFindings(`${ONE_LINE}1 finding: 0 informational, 0 low, 1 medium, 0 high`), [{ audit: 'demo-audit', file: '', line: 7, lineEnd: 7 }]);
  assert.deepEqual(parseFindings(`${ONE_LINE}${SEVERAL_LINES}2 findings (1 suppressed): 0 informational, 0 low, 1 medium, 1 high`), [
    { audit: 'demo-audit', file: '', line: 7, lineEnd: 7 },
    { audit: 'other-audit', file: '/action.yml', line: 12, lineEnd: 15 },
  ]);
  assert.deepEqual(parseFindings('No findings to report. Good job! (3 suppressed)'), []);
  assert.equal(parseFindings('error: something went wrong'), undefined);
});

test('zizmorCases: positives at the line with the span, negatives of every other audit, non-default runs apart, fixes unread', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'confgate-zizmor-reader-'));
  try {
    const tests = path.join(dir, 'crates/zizmor/tests/integration/audit');
    const data = path.join(dir, 'crates/zizmor/tests/integration/test-data');
    mkdirSync(tests, { recursive: true });
    mkdirSync(data, { recursive: true });
    writeFileSync(path.join(data, 'demo.yml'), 'on: push\njobs: {}\n');
    mkdirSync(path.join(dir, 'docs'));
    writeFileSync(path.join(dir, 'docs/audits.md'), '## `concurrency-limits`\n\n    This is a `--pedantic` only audit, for the test.\n\n## `unpinned-uses`\n');
    const snap = (s: string) => s.split('\n').map((l) => `    ${l}`).join('\n');
    writeFileSync(path.join(tests, 'demo.rs'), [
      '#[test]',
      'fn a() -> Result<()> {',
      '    insta::assert_snapshot!(',
      '        zizmor().input(input_under_test("demo.yml")).run()?,',
      `        @r#"\n${snap(`${ONE_LINE.replace('demo-audit', 'template-injection')}1 finding: 0 informational, 0 low, 1 medium, 0 high`)}\n    "#`,
      '    );',
      '    insta::assert_snapshot!(',
      '        zizmor().input(input_under_test("demo.yml")).args(["--persona=pedantic"]).run()?,',
      '        @"No findings to report. Good job!"',
      '    );',
      '    insta::assert_snapshot!(',
      '        zizmor().input(input_under_test("demo.yml")).args(["--fix=all"]).run()?,',
      '        @"fixed"',
      '    );',
      '}',
    ].join('\n'));
    const read = zizmorCases(dir);
    const pos = read.cases.filter((c) => c.expect === 'positive');
    assert.deepEqual(pos.map((c) => [c.rule, c.where, c.line, c.lineEnd, c.config]), [['template-injection', 'test-data/demo.yml:7', 7, 7, undefined]]);
    const neg = read.cases.filter((c) => c.expect === 'negative');
    assert.ok(!neg.some((c) => c.rule === 'template-injection' && c.config === undefined), 'the reported audit is no negative of the run');
    assert.ok(neg.some((c) => c.rule === 'unpinned-uses' && c.config === undefined));
    assert.ok(neg.some((c) => c.rule === 'concurrency-limits' && c.config === 'pedantic-only audit, default run'), 'a --pedantic only audit is apart in a default run');
    assert.ok(neg.some((c) => c.rule === 'template-injection' && c.config === 'persona=pedantic'), 'a pedantic run is the peer\'s configuration');
    assert.deepEqual(read.unread.filter((u) => u.where.includes('demo.rs')).map((u) => u.why), ['a run with --fix: the snapshot is the fixed file']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
