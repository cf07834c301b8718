// Comments of a YAML text, as both parsers find them: the fast parser while it reads, the `yaml` package's from its
// tokens; and the suppression pragmas they hold: ours, read the same in every YAML file type, and other tools'
// through each type's readers.
import type { CST } from 'yaml';
import type { Report } from '../../core/rule.ts';
import { parseConfgatePragma } from '../../core/suppressions.ts';
import type { Suppression } from '../../core/suppressions.ts';
import type { NodeEnds, Positions } from './yaml-tree.ts';

type Token = CST.Token;

/** A comment as written (from `#` to the line end) and its offset. */
export interface RawComment {
  source: string;
  offset: number;
}

/**
 * Comment tokens anywhere in the `yaml` parser's concrete syntax tree (document starts and ends, before and
 * between items, after flow collections). Reusing the parser's tokens avoids lexing the file twice.
 */
export function commentTokens(tokens: readonly Token[]): RawComment[] {
  const found: RawComment[] = [];
  const visit = (x: unknown): void => {
    if (Array.isArray(x)) {
      for (const item of x) visit(item);
    } else if (typeof x === 'object' && x !== null) {
      const t = x as { type?: unknown; source?: unknown; offset?: unknown };
      if (t.type === 'comment' && typeof t.source === 'string' && typeof t.offset === 'number') found.push({ source: t.source, offset: t.offset });
      else for (const value of Object.values(x)) if (typeof value === 'object') visit(value);
    }
  };
  visit(tokens);
  return found;
}

export interface CommentScan {
  suppressions: Suppression[];
  /** Malformed confgate pragmas: reported as syntax errors, never silently ignored. */
  errors: Report[];
}

export interface Comment {
  text: string;
  offset: number;
  line: number;
  /** Nothing but whitespace precedes it on its line. */
  ownLine: boolean;
}

/** Comments in source order, with their line and whether they stand on a line of their own. */
function located(raw: readonly RawComment[], pos: Positions): Comment[] {
  return [...raw].sort((a, b) => a.offset - b.offset).map(({ source, offset }) => {
    const { line, col } = pos.linePos(offset);
    return { text: source.trimEnd(), offset, line, ownLine: pos.text.slice(offset - (col - 1), offset).trim() === '' };
  });
}

/** What a reader of another tool's pragmas may use: where code lines are and how to record a suppression. */
export interface PragmaScope {
  /** The first line after `after` that holds code (not blank, not only a comment). */
  nextCodeLine(after: number): number;
  /** The file's first line of content (past blank lines and a `---`). */
  firstContentLine: number;
  /** The node a line-scoped pragma covers: the line it trails, or the next code line, through the node's end when `wholeNode`. */
  scope(c: Comment, wholeNode: boolean): { from: number; to: number };
  add(c: Comment, kind: string, ids: string[], lines?: { from: number; to: number }, reason?: string): void;
}

/** Reads one comment as another tool's pragma; true when it was one. */
export type PragmaReader = (c: Comment, at: PragmaScope) => boolean;

/** Our pragmas (`# confgate ignore=ID reason="..."`, `ignore-file=`) in every comment, and those the readers know;
 * malformed confgate pragmas become errors. */
export function scanComments(raw: readonly RawComment[], pos: Positions, nodeEnds: NodeEnds, readers: readonly PragmaReader[]): CommentScan {
  const scan: CommentScan = { suppressions: [], errors: [] };
  // The file's lines, split only when a pragma needs them (most comments are none).
  let split: string[] | undefined;
  const fileLines = (): string[] => (split ??= pos.text.split('\n'));
  const isCode = (n: number): boolean => {
    const t = fileLines()[n - 1]?.trim() ?? '';
    return t !== '' && !t.startsWith('#');
  };
  const nextCodeLine = (after: number): number => {
    const lines = fileLines();
    let n = after + 1;
    while (n <= lines.length && !isCode(n)) n++;
    return n;
  };
  let first: number | undefined;
  const firstContentLine = (): number => {
    if (first !== undefined) return first;
    const lines = fileLines();
    let n = 1;
    while (n <= lines.length && ['', '---'].includes(lines[n - 1]!.trim())) n++;
    return (first = n);
  };
  /** The node a line-scoped pragma covers: the line it trails, or the next code line, through the node's end. */
  const scope = (c: Comment, wholeNode: boolean): { from: number; to: number } => {
    const from = c.ownLine ? nextCodeLine(c.line) : c.line;
    return { from, to: wholeNode ? Math.max(from, nodeEnds.get(from) ?? from) : from };
  };
  const add = (c: Comment, kind: string, ids: string[], lines?: { from: number; to: number }, reason?: string): void => {
    const s: Suppression = { kind, pragma: c.text, line: c.line, ids };
    if (lines) s.lines = lines;
    if (reason !== undefined) s.reason = reason;
    scan.suppressions.push(s);
  };

  const at: PragmaScope = {
    nextCodeLine,
    get firstContentLine() {
      return firstContentLine();
    },
    scope,
    add,
  };
  for (const c of located(raw, pos)) {
    const pragma = parseConfgatePragma(c.text.replace(/^#/, ''));
    if (pragma && 'error' in pragma) {
      scan.errors.push({
        range: pos.range(c.offset, c.offset + c.text.length),
        messageId: pragma.error === 'no-reason' ? 'pragmaWithoutReason' : 'malformedPragma',
        data: { pragma: c.text },
      });
      continue;
    }
    if (pragma) {
      add(c, 'confgate', pragma.ids, pragma.scope === 'next' ? scope(c, true) : undefined, pragma.reason);
      continue;
    }
    for (const read of readers) if (read(c, at)) break;
  }
  return scan;
}
