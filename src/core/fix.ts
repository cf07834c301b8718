// Fixes: the edits a rule proposes with a finding, and their application to a file's text. Pure.
// A fix is a set of edits on the analyzed text, placed as locations are (1-based lines and columns, columns in
// UTF-16 code units, the end exclusive), never overlapping one another. `safe` fixes keep the file's meaning and need
// no guess; `unsafe` ones change behaviour in a way a human should review (adding USER, pipefail…).
import type { Range } from './types.ts';

export const FIX_SAFETIES = ['safe', 'unsafe'] as const;
export type FixSafety = (typeof FIX_SAFETIES)[number];

/** Which fixes a request applies: `safe` only, or `all` (unsafe ones too). */
export const FIX_MODES = ['safe', 'all'] as const;
export type FixMode = (typeof FIX_MODES)[number];

/** Replace the text of `range` by `text` (an empty range inserts, an empty text deletes). The end may be column 1 of
 * the next line (a deletion that takes a line break). */
export interface FixEdit extends Range {
  text: string;
}

export interface Fix {
  /** What the fix does, in one sentence. */
  description: string;
  safety: FixSafety;
  /** At least one; non-overlapping. */
  edits: FixEdit[];
}

/** Offsets of the start of each line (after each `\n`). */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** An offset as a 1-based line and column (a column past a line's text is allowed: the line break's position). */
export function positionAt(starts: readonly number[], offset: number): { line: number; column: number } {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - starts[lo]! + 1 };
}

/** The offset of a 1-based line and column; undefined when the line does not exist or the column is past its end
 * (its line break included). */
export function offsetAt(text: string, starts: readonly number[], line: number, column: number): number | undefined {
  const start = starts[line - 1];
  if (start === undefined || column < 1) return undefined;
  const next = starts[line] ?? text.length + 1;
  const offset = start + column - 1;
  return offset < next || (offset === text.length && starts[line] === undefined) ? Math.min(offset, text.length) : undefined;
}

/** An edit replacing the offsets [start, end) of a text whose line starts are `starts`. */
export function editAt(starts: readonly number[], start: number, end: number, text: string): FixEdit {
  const a = positionAt(starts, start);
  const b = positionAt(starts, end);
  return { start_line: a.line, start_column: a.column, end_line: b.line, end_column: b.column, text };
}

/** A fix from offset edits ([start, end, text]). */
export function fixOf(description: string, safety: FixSafety, starts: readonly number[], edits: readonly (readonly [number, number, string])[]): Fix {
  return { description, safety, edits: edits.map(([s, e, t]) => editAt(starts, s, e, t)) };
}

/** An edit as offsets into the text it applies to. */
export interface Placed {
  start: number;
  end: number;
  text: string;
}

/** Two edits conflict when they overlap, when an insertion falls strictly inside the other's range, or when two
 * insertions share a point (their order would be a guess). An insertion at either end of a replacement goes before or
 * after it. */
function conflicts(a: Placed, b: Placed): boolean {
  if (a.start === a.end && b.start === b.end) return a.start === b.start;
  if (a.start === a.end) return b.start < a.start && a.start < b.end;
  if (b.start === b.end) return a.start < b.start && b.start < a.end;
  return a.start < b.end && b.start < a.end;
}

/** A fix's edits as offsets, or undefined when one is out of the text, reversed, or two overlap. */
export function placeFix(text: string, starts: readonly number[], fix: Fix): Placed[] | undefined {
  if (fix.edits.length === 0) return undefined;
  const placed: Placed[] = [];
  for (const e of fix.edits) {
    const start = offsetAt(text, starts, e.start_line, e.start_column);
    const end = offsetAt(text, starts, e.end_line, e.end_column);
    if (start === undefined || end === undefined || end < start) return undefined;
    const p = { start, end, text: e.text };
    if (placed.some((q) => conflicts(p, q))) return undefined;
    placed.push(p);
  }
  return placed;
}

/** The order fixes are applied in: by their first edit's position, then rule id (documented in docs/public-api.md). */
export interface OrderedFix {
  rule_id: string;
  fix: Fix;
}

function firstEdit(f: Fix): Range {
  return f.edits.reduce((min, e) => (e.start_line < min.start_line || (e.start_line === min.start_line && e.start_column < min.start_column) ? e : min));
}

export function compareFixes(a: OrderedFix, b: OrderedFix): number {
  const x = firstEdit(a.fix);
  const y = firstEdit(b.fix);
  return x.start_line - y.start_line || x.start_column - y.start_column || (a.rule_id < b.rule_id ? -1 : a.rule_id > b.rule_id ? 1 : 0);
}

/** Chooses, in the documented order, every fix that conflicts with none chosen before it (an identical fix twice,
 * e.g. two findings on one keyword, counts once). Returns their edits, sorted, and how many fixes they make. */
export function chooseFixes(text: string, fixes: readonly OrderedFix[]): { edits: Placed[]; applied: number } {
  const starts = lineStarts(text);
  const taken: Placed[] = [];
  const seen = new Set<string>();
  let applied = 0;
  for (const f of [...fixes].sort(compareFixes)) {
    const placed = placeFix(text, starts, f.fix);
    if (!placed) continue;
    const key = JSON.stringify(placed);
    if (seen.has(key)) continue;
    if (placed.some((p) => taken.some((q) => conflicts(p, q)))) continue;
    seen.add(key);
    taken.push(...placed);
    applied++;
  }
  taken.sort((a, b) => a.start - b.start || a.end - b.end);
  return { edits: taken, applied };
}

/** The text with sorted, non-conflicting edits made. */
export function spliceEdits(text: string, edits: readonly Placed[]): string {
  let out = '';
  let at = 0;
  for (const p of edits) {
    out += text.slice(at, p.start) + p.text;
    at = p.end;
  }
  return out + text.slice(at);
}

/** Applies the fixes chooseFixes chooses. Returns the new text and how many fixes were applied. */
export function applyFixes(text: string, fixes: readonly OrderedFix[]): { text: string; applied: number } {
  const { edits, applied } = chooseFixes(text, fixes);
  return applied === 0 ? { text, applied } : { text: spliceEdits(text, edits), applied };
}
