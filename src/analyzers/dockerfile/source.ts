// Offsets to positions. Everything in the model is built from file offsets; this turns them into the
// 1-based line/column ranges findings carry, by binary search over line starts.
import type { Range } from '../../core/types.ts';
import type { Source, Span } from './types.ts';

export class LineIndex {
  readonly starts: number[];
  /** Offset of each line's end, excluding `\r\n` / `\n`. */
  readonly ends: number[];

  constructor(text: string) {
    this.starts = [0];
    this.ends = [];
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
      this.ends.push(i > 0 && text.charCodeAt(i - 1) === 13 ? i - 1 : i);
      this.starts.push(i + 1);
    }
    this.ends.push(text.length);
  }

  /** 0-based line containing the offset. */
  lineOf(offset: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** The range of [start, end); an empty region is a zero-width range at `start`. */
  range(start: number, end: number): Range {
    const line = this.lineOf(start);
    const startColumn = Math.min(start, this.ends[line]!) - this.starts[line]! + 1;
    if (end <= start) return { start_line: line + 1, start_column: startColumn, end_line: line + 1, end_column: startColumn };
    // The end is exclusive: place it after the last character so it never lands at the start of the next line.
    const last = end - 1;
    const endLine = last >= this.starts[line]! && last <= this.ends[line]! ? line : this.lineOf(last);
    const endColumn = Math.min(last, this.ends[endLine]! - 1) - this.starts[endLine]! + 2;
    return { start_line: line + 1, start_column: startColumn, end_line: endLine + 1, end_column: Math.max(endColumn, 1) };
  }

  span(start: number, end: number): Span {
    return { start, end, range: this.range(start, end) };
  }
}

/** A sub-range [a, b) of a source's text. */
export function sliceSource(src: Source, a: number, b: number): Source {
  return { text: src.text.slice(a, b), offsets: src.offsets.slice(a, b + 1) };
}

/** File offsets of the text slice [a, b): start of the first character to one past the last. */
export function fileSpan(index: LineIndex, src: Source, a: number, b: number): Span {
  const start = src.offsets[a] ?? src.offsets[src.offsets.length - 1]!;
  const end = b > a ? src.offsets[b - 1]! + 1 : start;
  return index.span(start, end);
}

/** A source for a contiguous piece of the file. */
export function fileSource(text: string, start: number, end: number): Source {
  const offsets = new Array<number>(end - start + 1);
  for (let i = 0; i <= end - start; i++) offsets[i] = start + i;
  return { text: text.slice(start, end), offsets };
}
