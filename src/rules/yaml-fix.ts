// Fixes of YAML rules (Compose, GitHub Actions): edits of block-style mappings by the tree's offsets. A fix is offered
// only where the file is written in block style at the place it edits (a key on a line of its own), so an inserted or
// deleted line keeps the rest of the document as it was.
import { fixOf, lineStarts } from '../core/fix.ts';
import type { Fix, FixSafety } from '../core/fix.ts';
import type { YMap, YNode, YPair, YSeq } from '../analyzers/yaml/yaml-tree.ts';

export function yamlFix(text: string, description: string, edits: readonly (readonly [number, number, string])[], safety: FixSafety = 'safe'): Fix {
  return fixOf(description, safety, lineStarts(text), edits);
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** Offset of the line break ending the line that holds `offset` (or the text's length). */
function lineEnd(text: string, offset: number): number {
  const i = text.indexOf('\n', offset);
  return i === -1 ? text.length : i;
}

/** The key's column when it starts its line (after blanks, or after `- ` of the sequence item the map is). */
export function blockKeyColumn(text: string, keyStart: number): number | undefined {
  const start = lineStart(text, keyStart);
  return /^[ ]*(?:-[ ]+)*$/.test(text.slice(start, keyStart)) ? keyStart - start : undefined;
}

/** The last offset of a node's own text (its value), for a node that ends before a line's end or at a line break. */
function lastLineEnd(text: string, node: YNode): number {
  let end = node.end;
  while (end > node.start && /\s/.test(text[end - 1]!)) end--;
  return lineEnd(text, Math.max(end - 1, node.start));
}

/** Inserts `key: value` lines (`lines`, relative to the map's indentation) after the map's last pair. */
export function appendToMap(text: string, map: YMap, lines: readonly string[]): [number, number, string] | undefined {
  const first = map.pairs[0];
  const last = map.pairs[map.pairs.length - 1];
  if (!first || !last) return undefined;
  const column = blockKeyColumn(text, first.keyNode.start);
  if (column === undefined || blockKeyColumn(text, last.keyNode.start) === undefined) return undefined;
  const at = lastLineEnd(text, last.value);
  // A comment after the last value stays on its line; the new lines go after it.
  const indent = ' '.repeat(column);
  return [at, at, lines.map((l) => `\n${indent}${l}`).join('')];
}

/** Deletes a pair's lines (its key's line to its value's last line, line break included), when the pair starts its
 * line and no other pair shares them. Not the only pair of its mapping: that would leave its key empty (null), which
 * is another value. */
export function deletePair(text: string, map: YMap, pair: YPair): [number, number, string] | undefined {
  if (map.pairs.length < 2) return undefined;
  const column = blockKeyColumn(text, pair.keyNode.start);
  if (column === undefined) return undefined;
  const start = lineStart(text, pair.keyNode.start);
  if (text.slice(start, pair.keyNode.start).includes('-')) return undefined;
  const endOfLine = lastLineEnd(text, pair.value);
  const next = map.pairs[map.pairs.indexOf(pair) + 1];
  if (next && next.keyNode.start <= endOfLine) return undefined;
  return [start, Math.min(endOfLine + 1, text.length), ''];
}

/** A plain scalar written as `value` in the file. */
export function plainAt(text: string, node: YNode | undefined, value: string): node is YNode & { kind: 'scalar' } {
  return node?.kind === 'scalar' && !node.quoted && text.slice(node.start, node.end) === value;
}

/** A pair written on one line of its own: the next line that is not blank is indented no deeper than its key. */
function oneLinePair(text: string, starts: readonly number[], line: number, column: number): string | undefined {
  const start = starts[line - 1]!;
  const end = starts[line] ?? text.length;
  const own = text.slice(start, end).replace(/\r?\n$/, '');
  if (!/^ *$/.test(own.slice(0, column - 1))) return undefined;
  for (let l = line + 1; l <= starts.length; l++) {
    const next = text.slice(starts[l - 1]!, starts[l] ?? text.length).replace(/\r?\n$/, '');
    if (next.trim() === '') continue;
    return next.length - next.trimStart().length <= column - 1 ? own : undefined;
  }
  return own;
}

/** A key written twice with the same one-line value: the second line goes (only the first counts, and GitHub and
 * Compose refuse a duplicate key). */
export function sameDuplicateFix(text: string, d: { range: { start_line: number; start_column: number }; first: { start_line: number; start_column: number } }): Fix | undefined {
  const starts = lineStarts(text);
  const dup = oneLinePair(text, starts, d.range.start_line, d.range.start_column);
  const first = oneLinePair(text, starts, d.first.start_line, d.first.start_column);
  if (dup === undefined || first === undefined || dup.trim() !== first.trim() || d.range.start_column !== d.first.start_column) return undefined;
  return yamlFix(text, 'Remove the repeated key (same value).', [[starts[d.range.start_line - 1]!, starts[d.range.start_line] ?? text.length, '']]);
}

/** A plain scalar whose lowercase is one of the accepted values (`Write` → `write`, `Bash` → `bash`). */
export function lowercased(text: string, node: YNode, value: string, accepted: readonly string[]): Fix | undefined {
  const lower = value.toLowerCase();
  if (lower === value || !accepted.includes(lower) || !plainAt(text, node, value)) return undefined;
  return yamlFix(text, `Write ${lower} in lowercase.`, [[node.start, node.end, lower]]);
}

/** Deletes an item of a sequence that is not its first: its line in block style (when it has the line to itself),
 * `, item` in flow style. */
export function deleteSeqItem(text: string, seq: YSeq, item: YNode): [number, number, string] | undefined {
  const i = seq.items.indexOf(item);
  const prev = seq.items[i - 1];
  if (!prev) return undefined;
  const lineStart = text.lastIndexOf('\n', item.start - 1) + 1;
  if (/^[ ]*-[ ]+$/.test(text.slice(lineStart, item.start))) {
    const lineEnd = text.indexOf('\n', item.end);
    const next = seq.items[i + 1];
    if (next && lineEnd !== -1 && next.start <= lineEnd) return undefined;
    if (lineEnd === -1 ? text.slice(item.end).trim() !== '' : text.slice(item.end, lineEnd).trim() !== '' && !text.slice(item.end, lineEnd).trim().startsWith('#')) return undefined;
    return [lineStart, lineEnd === -1 ? text.length : lineEnd + 1, ''];
  }
  if (/^\s*,\s*$/.test(text.slice(prev.end, item.start))) return [prev.end, item.end, ''];
  return undefined;
}
