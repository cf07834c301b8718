// Parses a .env file as Compose does (compose-go's dotenv parser): blank lines and `#` comment lines skipped, an
// optional `export `, a name of letters, digits, `_`, `.`, `-`, `[`, `]` ended by `=` or `:` (or a line end: a bare
// name inherits its value), then the value: single- or double-quoted (it may span lines; a quote preceded by `\`
// does not close it) or unquoted to the line end. Compose stops at the first error and refuses the file: a character
// a name cannot hold, a name with a space, a quote never closed. Values are skipped, never kept: the model and the
// errors carry names and positions only, and no error message quotes the text. Never throws.
import type { Parsed } from '../../core/analyze.ts';
import type { Report } from '../../core/rule.ts';
import { LineIndex } from '../line-index.ts';
import { linePragmas } from '../line-pragmas.ts';
import type { DotenvDoc, EnvEntry } from './types.ts';

/** compose-go's isSpace: whitespace that is not a line break. */
const SPACE = new Set(['\t', '\v', '\f', '\r', ' ', '\u0085', '\u00A0']);
const NAME_CHAR = /^[\p{L}\p{N}_.\-[\]]$/u;

export function parseDotenv(text: string): Parsed<DotenvDoc> {
  const index = new LineIndex(text);
  const entries: EnvEntry[] = [];
  const errors: Report[] = [];
  const at = (offset: number, messageId: string): void => {
    errors.push({ range: index.range(offset, offset + 1), messageId });
  };
  let pos = 0;
  const n = text.length;
  scan: while (pos < n) {
    while (pos < n && /\s/u.test(text[pos]!)) pos++;
    if (pos >= n) break;
    if (text[pos] === '#') {
      const eol = text.indexOf('\n', pos);
      if (eol < 0) break;
      pos = eol;
      continue;
    }
    if (/^export[ \t]/.test(text.slice(pos, pos + 7))) {
      pos += 6;
      while (pos < n && SPACE.has(text[pos]!)) pos++;
    }
    const nameStart = pos;
    let end = -1;
    let terminator = '';
    for (let i = pos; i < n; i++) {
      const c = text[i]!;
      if (SPACE.has(c)) continue;
      if (c === '=' || c === ':' || c === '\n') {
        end = i;
        terminator = c;
        break;
      }
      if (!NAME_CHAR.test(c)) {
        at(i, 'nameCharacter');
        break scan;
      }
    }
    const nameEnd = end < 0 ? n : end;
    const written = text.slice(nameStart, nameEnd).replace(/[\t\v\f\r \u0085\u00A0]+$/, '');
    const space = written.indexOf(' ');
    if (space >= 0) {
      at(nameStart + space, 'nameSpace');
      break;
    }
    const name = written;
    const range = index.range(nameStart, nameStart + name.length);
    if (end < 0 || terminator === '\n') {
      // A bare name, at a line end or the end of the file.
      if (name !== '') entries.push({ name, range, inherited: true });
      pos = nameEnd;
      continue;
    }
    pos = end + 1;
    while (pos < n && SPACE.has(text[pos]!)) pos++;
    const quote = text[pos];
    if (quote === '"' || quote === '\'') {
      let close = -1;
      for (let i = pos + 1; i < n; i++) {
        if (text[i] === quote && text[i - 1] !== '\\') {
          close = i;
          break;
        }
      }
      if (close < 0) {
        at(pos, 'unterminated');
        break;
      }
      pos = close + 1;
    } else {
      const eol = text.indexOf('\n', pos);
      pos = eol < 0 ? n : eol;
    }
    if (name !== '') entries.push({ name, range, inherited: false });
  }
  const pragmas = linePragmas(text.split('\n'), (l) => l.trimStart().startsWith('#'));
  return { doc: { entries, usable: errors.length === 0 }, suppressions: pragmas.suppressions, syntaxErrors: [...errors, ...pragmas.errors] };
}
