// Sources assembled from pieces of the file and their map back to file offsets; LineIndex (shared with the
// other analyzers) turns those offsets into the 1-based line/column ranges findings carry.
import type { LineIndex } from '../line-index.ts';
import type { Source, Span } from './types.ts';

/** Index (into `segments`, a multiple of 2) of the piece holding text index `i`; `i` must be < text length. */
function pieceOf(segments: readonly number[], i: number): number {
  let lo = 0;
  let hi = (segments.length >> 1) - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (segments[mid << 1]! <= i) lo = mid;
    else hi = mid - 1;
  }
  return lo << 1;
}

/** File offset of `src.text[i]`; `src.end` for `i` at or past the end of the text. */
export function offsetAt(src: Source, i: number): number {
  if (i >= src.text.length) return src.end;
  const p = pieceOf(src.segments, i);
  return src.segments[p + 1]! + i - src.segments[p]!;
}

/**
 * Assembles a `Source` from characters of another one, in order (a word with its quotes removed, a script
 * inside a string): consecutive characters become one piece, so the map stays a few numbers long.
 */
export class SourceBuilder {
  text = '';
  private readonly from: Source;
  /** Created with the first piece: most sources are one piece, and a literal pair is exactly its size. */
  private segments: number[] | undefined;
  /** The pending run [runStart, runEnd) of `from.text`, appended on `flush`. */
  private runStart = 0;
  private runEnd = 0;
  /** File offset one past the last character appended; -1 while empty. */
  private lastEnd = -1;

  constructor(from: Source) {
    this.from = from;
  }

  /** Appends `from.text[a, b)`; a range past the end stops at it (flush could not advance there). */
  add(a: number, b: number): void {
    if (b > this.from.text.length) b = this.from.text.length;
    if (a >= b) return;
    if (a === this.runEnd && this.runEnd > this.runStart) {
      this.runEnd = b;
      return;
    }
    this.flush();
    this.runStart = a;
    this.runEnd = b;
  }

  private flush(): void {
    let a = this.runStart;
    const b = this.runEnd;
    if (a >= b) return;
    const from = this.from;
    this.runStart = this.runEnd = 0;
    this.text += from.text.slice(a, b);
    let at = this.text.length - (b - a);
    const segs = from.segments;
    for (let p = pieceOf(segs, a); a < b; p += 2) {
      const pieceEnd = p + 2 < segs.length ? segs[p + 2]! : from.text.length;
      const to = Math.min(b, pieceEnd);
      const file = segs[p + 1]! + a - segs[p]!;
      // A piece that continues the previous one in the file extends it.
      if (file !== this.lastEnd) {
        if (this.segments) this.segments.push(at, file);
        else this.segments = [at, file];
      }
      this.lastEnd = file + to - a;
      at += to - a;
      a = to;
    }
  }

  /** The source; `emptyEnd` is its end offset when nothing was appended. */
  finish(emptyEnd: number): Source {
    this.flush();
    if (!this.segments) return { text: '', segments: [0, emptyEnd], end: emptyEnd };
    return { text: this.text, segments: this.segments, end: this.lastEnd };
  }
}

/** A sub-range [a, b) of a source's text. */
export function sliceSource(src: Source, a: number, b: number): Source {
  const end = offsetAt(src, b);
  if (a >= b) return { text: '', segments: [0, end], end };
  const segs = src.segments;
  const first = pieceOf(segs, a);
  let last = first;
  while (last + 2 < segs.length && segs[last + 2]! < b) last += 2;
  // Sized exactly: sources live as long as the document.
  const segments = new Array<number>(last - first + 2);
  for (let p = first; p <= last; p += 2) {
    const from = Math.max(segs[p]!, a);
    segments[p - first] = from - a;
    segments[p - first + 1] = segs[p + 1]! + from - segs[p]!;
  }
  return { text: src.text.slice(a, b), segments, end };
}

/** File offsets of the text slice [a, b): start of the first character to one past the last. */
export function fileSpan(index: LineIndex, src: Source, a: number, b: number): Span {
  const start = offsetAt(src, a);
  const end = b > a ? offsetAt(src, b - 1) + 1 : start;
  return index.span(start, end);
}

/** A source for a contiguous piece of the file. */
export function fileSource(text: string, start: number, end: number): Source {
  return { text: text.slice(start, end), segments: [0, start], end };
}
