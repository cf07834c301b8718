// Offsets to 1-based line/column ranges, shared by the analyzers: line starts and ends indexed once per file,
// looked up by binary search (remembering the last line, as positions are mostly asked for in file order).
import type { Range } from '../core/types.ts';

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

  /** The line of the last lookup: positions are mostly asked for in file order, often on the same line. */
  private recent = 0;

  /** 0-based line containing the offset. */
  lineOf(offset: number): number {
    const starts = this.starts;
    const recent = this.recent;
    const last = starts.length - 1;
    if (starts[recent]! <= offset && (recent === last || starts[recent + 1]! > offset)) return recent;
    // Galloping from the last line found (lookups mostly come near it), then a binary search in the bracket found.
    let lo: number;
    let hi: number;
    if (starts[recent]! <= offset) {
      lo = recent + 1;
      let step = 1;
      while (lo + step <= last && starts[lo + step]! <= offset) {
        lo += step;
        step *= 2;
      }
      hi = Math.min(lo + step, last);
    } else {
      hi = recent - 1;
      let step = 1;
      while (hi - step >= 0 && starts[hi - step]! > offset) {
        hi -= step;
        step *= 2;
      }
      lo = Math.max(hi - step, 0);
    }
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    this.recent = lo;
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

  span(start: number, end: number): { start: number; end: number; range: Range } {
    return { start, end, range: this.range(start, end) };
  }
}
