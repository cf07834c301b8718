// Suppression pragmas in Compose comments: ours (`# confgate ignore=ID reason="..."`, `ignore-file=`), dclint's
// (`disable`, `disable-file`, `disable-line`, `disable-next-line`) and KICS's (`kics-scan ignore`, `ignore-line`,
// `ignore-block`, `disable=<uuid>`). Comments come from the YAML parser's tokens, so a `#` inside a string is
// never read.
import type { CST } from 'yaml';
import type { Report } from '../../core/rule.ts';
import { parseConfgatePragma } from '../../core/suppressions.ts';
import type { Suppression } from '../../core/suppressions.ts';
import type { Positions } from './yaml-tree.ts';

type Token = CST.Token;

export interface CommentScan {
  suppressions: Suppression[];
  /** Malformed confgate pragmas: reported as syntax errors, never silently ignored. */
  errors: Report[];
}

interface Comment {
  text: string;
  offset: number;
  line: number;
  /** Nothing but whitespace precedes it on its line. */
  ownLine: boolean;
}

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

/** Comments in source order, with their line and whether they stand on a line of their own. */
function located(raw: readonly RawComment[], pos: Positions): Comment[] {
  return [...raw].sort((a, b) => a.offset - b.offset).map(({ source, offset }) => {
    const { line, col } = pos.linePos(offset);
    return { text: source.trimEnd(), offset, line, ownLine: pos.text.slice(offset - (col - 1), offset).trim() === '' };
  });
}

const DCLINT = /^#\s*dclint\s+(disable-file|disable-next-line|disable-line|disable)(?:\s+(.*))?$/;
const KICS = /^#\s*kics-scan\s+(ignore-line|ignore-block|ignore|disable=(\S+))\s*$/;

export function scanComments(raw: readonly RawComment[], pos: Positions, nodeEnds: ReadonlyMap<number, number>): CommentScan {
  const scan: CommentScan = { suppressions: [], errors: [] };
  const lines = pos.text.split('\n');
  const isCode = (n: number): boolean => {
    const t = lines[n - 1]?.trim() ?? '';
    return t !== '' && !t.startsWith('#');
  };
  const nextCodeLine = (after: number): number => {
    let n = after + 1;
    while (n <= lines.length && !isCode(n)) n++;
    return n;
  };
  const firstContentLine = (() => {
    let n = 1;
    while (n <= lines.length && ['', '---'].includes(lines[n - 1]!.trim())) n++;
    return n;
  })();
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
    const d = DCLINT.exec(c.text);
    if (d) {
      const ids = (d[2] ?? '').trim().split(/\s+/).filter((id) => id !== '');
      const rules = ids.length > 0 ? ids : ['*'];
      // As in dclint, file-wide pragmas count only as the file's first content line.
      if (d[1] === 'disable-file' || d[1] === 'disable') {
        if (c.line === firstContentLine) add(c, 'dclint', d[1] === 'disable-file' ? ['*'] : rules);
      } else if (d[1] === 'disable-next-line') {
        const next = nextCodeLine(c.line);
        add(c, 'dclint', rules, { from: next, to: next });
      } else {
        add(c, 'dclint', rules, scope(c, false));
      }
      continue;
    }
    const k = KICS.exec(c.text);
    if (k) {
      if (k[1] === 'ignore') add(c, 'kics', ['*']);
      else if (k[2] !== undefined) add(c, 'kics', k[2].split(',').filter((id) => id !== ''));
      else add(c, 'kics', ['*'], scope(c, k[1] === 'ignore-block'));
    }
  }
  return scan;
}
