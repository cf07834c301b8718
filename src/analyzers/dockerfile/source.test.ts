import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileSource, offsetAt, sliceSource, SourceBuilder } from './source.ts';
import type { Source } from './types.ts';

/** Every character's file offset and the end offset: what a Source promises, whatever its representation. */
const offsets = (src: Source): number[] => Array.from({ length: src.text.length + 1 }, (_, i) => offsetAt(src, i));

// `RUN a \` + newline + `  b`: the instruction text `a b` is two pieces of the file.
const FILE = 'RUN a \\\n  b\n';
const twoPieces: Source = { text: 'a b', segments: [0, 4, 2, 10], end: 11 };

describe('Source map', () => {
  it('maps each character of a multi-piece text to its file offset, and the end past the last piece', () => {
    assert.deepEqual(offsets(twoPieces), [4, 5, 10, 11]);
    assert.equal(FILE[offsetAt(twoPieces, 2)], 'b');
  });

  it('slices keep the mapping, across a piece boundary and inside one piece', () => {
    const across = sliceSource(twoPieces, 1, 3);
    assert.equal(across.text, ' b');
    assert.deepEqual(offsets(across), [5, 10, 11]);
    // A slice ends where the next character of the text starts.
    const inside = sliceSource(twoPieces, 0, 1);
    assert.deepEqual(offsets(inside), [4, 5]);
    assert.deepEqual(offsets(sliceSource(twoPieces, 2, 2)), [10]);
  });

  it('a builder joins characters taken out of order of quoting, merging what is contiguous in the file', () => {
    // The word `'x'y` of `echo 'x'y`: the quotes are dropped, the value `xy` is contiguous in the file.
    const line = fileSource("echo 'x'y z", 0, 11);
    const b = new SourceBuilder(line);
    b.add(6, 7);
    b.add(8, 9);
    const value = b.finish(5);
    assert.equal(value.text, 'xy');
    assert.deepEqual(offsets(value), [6, 8, 9]);
    const joined = new SourceBuilder(twoPieces);
    joined.add(0, 3);
    assert.deepEqual(offsets(joined.finish(0)), [4, 5, 10, 11]);
    assert.deepEqual(offsets(new SourceBuilder(line).finish(5)), [5]);
  });
});
