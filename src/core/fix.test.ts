// The fix contract's arithmetic: positions (1-based, UTF-16 columns, end exclusive, a line break's own position),
// placing a fix's edits, and applying fixes in the documented order, skipping conflicts and duplicates.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applyFixes, editAt, fixOf, lineStarts, offsetAt, placeFix, positionAt } from './fix.ts';
import type { Fix } from './fix.ts';

const fix = (edits: [number, number, number, number, string][]): Fix => ({
  description: 'd',
  safety: 'safe',
  edits: edits.map(([start_line, start_column, end_line, end_column, text]) => ({ start_line, start_column, end_line, end_column, text })),
});

describe('positions', () => {
  const text = 'ab\r\n😀c\n\nd';
  const starts = lineStarts(text);
  it('line starts after each \\n', () => assert.deepEqual(starts, [0, 4, 8, 9]));
  it('offsets ↔ 1-based line and UTF-16 column, line breaks and the end included', () => {
    const table: [number, number, number][] = [
      [0, 1, 1], [2, 1, 3], [3, 1, 4], // the \r and the \n are positions of line 1
      [4, 2, 1], [6, 2, 3], [7, 2, 4], // 😀 is two code units
      [8, 3, 1], [9, 4, 1], [10, 4, 2], // the end of the text
    ];
    for (const [offset, line, column] of table) {
      assert.deepEqual(positionAt(starts, offset), { line, column }, `offset ${offset}`);
      assert.equal(offsetAt(text, starts, line, column), offset, `${line}:${column}`);
    }
  });
  it('positions outside the text are refused', () => {
    for (const [line, column] of [[0, 1], [1, 0], [1, 5], [3, 2], [4, 3], [5, 1]] as const) assert.equal(offsetAt(text, starts, line, column), undefined, `${line}:${column}`);
  });
  it('an edit taking a line break ends at column 1 of the next line', () => {
    assert.deepEqual(editAt(starts, 8, 9, ''), { start_line: 3, start_column: 1, end_line: 4, end_column: 1, text: '' });
  });
});

describe('applying fixes', () => {
  const text = 'FROM a\nrun x\nRUN y\n';
  it('edits apply from their offsets; insertions, replacements and deletions', () => {
    const f = fixOf('d', 'safe', lineStarts(text), [[7, 10, 'RUN'], [12, 12, ' -q'], [6, 7, '\n\n']]);
    assert.deepEqual(applyFixes(text, [{ rule_id: 'A', fix: f }]), { text: 'FROM a\n\nRUN x -q\nRUN y\n', applied: 1 });
  });
  it('a fix with overlapping or misplaced edits is not placed, nor applied', () => {
    assert.equal(placeFix(text, lineStarts(text), fix([[1, 1, 1, 4, 'x'], [1, 3, 1, 5, 'y']])), undefined, 'overlap');
    assert.equal(placeFix(text, lineStarts(text), fix([[1, 1, 1, 1, 'x'], [1, 1, 1, 1, 'y']])), undefined, 'two insertions at one point');
    assert.equal(placeFix(text, lineStarts(text), fix([[9, 1, 9, 1, 'x']])), undefined, 'no such line');
    assert.equal(placeFix(text, lineStarts(text), fix([[2, 3, 2, 1, 'x']])), undefined, 'reversed');
    assert.equal(placeFix(text, lineStarts(text), fix([])), undefined, 'no edit');
    assert.deepEqual(applyFixes(text, [{ rule_id: 'A', fix: fix([[1, 1, 1, 4, 'x'], [1, 3, 1, 5, 'y']]) }]), { text, applied: 0 });
  });
  it('an insertion at either end of a replacement goes beside it', () => {
    const f = fix([[2, 1, 2, 4, 'RUN'], [2, 4, 2, 4, '!'], [2, 1, 2, 1, '#']]);
    assert.equal(applyFixes(text, [{ rule_id: 'A', fix: f }]).text, 'FROM a\n#RUN! x\nRUN y\n');
  });
  it('fixes apply by first edit position, then rule id; a conflicting later one waits; a duplicate counts once', () => {
    const upper = fix([[2, 1, 2, 4, 'RUN']]);
    const lower = fix([[2, 1, 2, 4, 'Run']]);
    const flag = fix([[2, 6, 2, 6, ' -y']]);
    const out = applyFixes(text, [{ rule_id: 'CGD200', fix: flag }, { rule_id: 'CGD300', fix: lower }, { rule_id: 'CGD100', fix: upper }, { rule_id: 'CGD100', fix: upper }]);
    assert.deepEqual(out, { text: 'FROM a\nRUN x -y\nRUN y\n', applied: 2 });
  });
});
