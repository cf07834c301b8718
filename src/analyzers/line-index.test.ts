import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LineIndex } from './line-index.ts';

describe('LineIndex', () => {
  it('line lookups answer the same in any order (the last line asked is only a shortcut)', () => {
    const text = 'a\nbb\n\nccc';
    const index = new LineIndex(text);
    const expected = [0, 0, 1, 1, 1, 2, 3, 3, 3, 3];
    for (const order of [[...expected.keys()], [...expected.keys()].reverse(), [9, 0, 5, 2, 7, 1, 6, 3, 8, 4]]) {
      assert.deepEqual(order.map((o) => index.lineOf(o)), order.map((o) => expected[o]));
    }
  });

  it('line lookups gallop from the last line asked and still find the line of every offset, near or far', () => {
    // Many lines (so the search gallops over several steps either way), offsets asked in a scrambled order.
    const text = Array.from({ length: 300 }, (_, i) => 'x'.repeat(i % 7)).join('\n');
    const index = new LineIndex(text);
    const expected: number[] = [];
    for (let o = 0, line = 0; o <= text.length; o++) {
      expected.push(line);
      if (text[o] === '\n') line++;
    }
    const offsets = expected.map((_, o) => (o * 7919) % expected.length);
    assert.deepEqual(offsets.map((o) => index.lineOf(o)), offsets.map((o) => expected[o]));
    assert.equal(index.lineOf(-1), 0);
  });

  it('ranges end after their last character, never at the start of the next line, and ignore CR of CRLF', () => {
    const index = new LineIndex('ab\r\ncd\n');
    assert.deepEqual(index.range(0, 2), { start_line: 1, start_column: 1, end_line: 1, end_column: 3 });
    // [0, 4) ends with the CRLF: the range still ends on line 1, after `b`.
    assert.deepEqual(index.range(0, 4), { start_line: 1, start_column: 1, end_line: 1, end_column: 3 });
    assert.deepEqual(index.range(0, 5), { start_line: 1, start_column: 1, end_line: 2, end_column: 2 });
    assert.deepEqual(index.range(4, 6), { start_line: 2, start_column: 1, end_line: 2, end_column: 3 });
    assert.deepEqual(index.range(5, 5), { start_line: 2, start_column: 2, end_line: 2, end_column: 2 });
  });
});
