// Our suppression pragmas in files whose comments are whole lines starting with `#` (.dockerignore, .env): the
// same `# confgate ignore=ID reason="..."` (the next line that is not a comment or blank) and `ignore-file=` as
// everywhere; a malformed one is a syntax error, never silently ignored.
import type { Report } from '../core/rule.ts';
import { parseConfgatePragma } from '../core/suppressions.ts';
import type { Suppression } from '../core/suppressions.ts';

export interface LinePragmas {
  suppressions: Suppression[];
  errors: Report[];
}

const MESSAGE = { malformed: 'malformedPragma', 'no-rule': 'malformedPragma', 'no-reason': 'pragmaWithoutReason' } as const;

/** The pragmas of `lines` (the file split on `\n`); `isComment` says which lines are comments in this format. */
export function linePragmas(lines: readonly string[], isComment: (line: string) => boolean): LinePragmas {
  const out: LinePragmas = { suppressions: [], errors: [] };
  const isCode = (i: number) => lines[i]!.trim() !== '' && !isComment(lines[i]!);
  lines.forEach((raw, i) => {
    if (!isComment(raw)) return;
    const text = raw.trim().slice(1).replace(/\r$/, '');
    const p = parseConfgatePragma(text);
    if (!p) return;
    const line = i + 1;
    const pragma = raw.trim();
    if ('error' in p) {
      const start = raw.indexOf('#') + 1;
      out.errors.push({ range: { start_line: line, start_column: start, end_line: line, end_column: start + pragma.length }, messageId: MESSAGE[p.error], data: { pragma } });
      return;
    }
    const s: Suppression = { kind: 'confgate', pragma, line, ids: p.ids, reason: p.reason };
    if (p.scope === 'next') {
      let next = i + 1;
      while (next < lines.length && !isCode(next)) next++;
      s.lines = { from: next + 1, to: next + 1 };
    }
    out.suppressions.push(s);
  });
  return out;
}
