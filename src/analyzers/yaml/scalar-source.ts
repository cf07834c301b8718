// A scalar's value mapped back to the file, for positions inside it (an expression in a `run:` block, a word of
// its script). Values written verbatim map in one piece; block scalars and multi-line plain or quoted scalars map
// line by line, matching each source line (less its indentation) in the value. Where a line cannot be matched
// (escapes in a double-quoted scalar), the rest maps from the last match on: a little off, never outside the file.
import type { Source } from '../dockerfile/types.ts';
import { text } from './yaml-tree.ts';
import type { Positions, YScalar } from './yaml-tree.ts';

export function scalarSource(node: YScalar, pos: Positions): Source {
  const value = text(node) ?? '';
  const raw = pos.text.slice(node.start, node.end);
  if (!value.includes('\n') && (raw === value || (node.quoted && raw.slice(1, -1) === value))) {
    const start = node.start + (node.quoted && raw !== value ? 1 : 0);
    return { text: value, segments: [0, start], end: start + value.length };
  }
  const block = raw[0] === '|' || raw[0] === '>';
  const lines: { start: number; text: string }[] = [];
  let at = node.start;
  for (const line of raw.split('\n')) {
    lines.push({ start: at, text: line.replace(/\r$/, '') });
    at += line.length + 1;
  }
  let indent = 0;
  if (block) {
    lines.shift();
    // The block's indentation is its least indented line (an explicit indicator only matters when the first line
    // is more indented, and then a line simply fails to match).
    const nonEmpty = lines.filter((l) => l.text.trim() !== '');
    indent = nonEmpty.length === 0 ? 0 : Math.min(...nonEmpty.map((l) => l.text.length - l.text.trimStart().length));
  } else if (node.quoted) {
    lines[0] = { start: lines[0]!.start + 1, text: lines[0]!.text.slice(1) };
  }
  const segments: number[] = [];
  let p = 0;
  for (const line of lines) {
    const skip = block ? Math.min(indent, line.text.length) : line.text.length - line.text.trimStart().length;
    let content = line.text.slice(skip);
    if (!block) content = content.trimEnd();
    if (node.quoted && content.endsWith(raw[0]!) && line === lines[lines.length - 1]) content = content.slice(0, -1);
    if (content !== '') {
      if (!value.startsWith(content, p)) break;
      segments.push(p, line.start + skip);
      p += content.length;
    }
    if (value[p] === '\n' || value[p] === ' ') p++;
  }
  if (segments.length === 0) segments.push(0, node.start);
  return { text: value, segments, end: node.end };
}
