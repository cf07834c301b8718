// Dockerfile-level words (not shell): Docker's own quote handling with the active escape character, variable
// substitution from ARG/ENV, and exec-form JSON arrays, all keeping exact positions.
import type { LineIndex } from '../line-index.ts';
import { fileSpan, offsetAt } from './source.ts';
import type { DWord, Env, JsonString, Source } from './types.ts';

const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;
/** The `unresolved` of every word without variables: shared, and read-only like every word. */
const NO_NAMES: readonly string[] = Object.freeze([]);

export interface Expansion {
  /** Index after the expression. */
  end: number;
  text: string;
  unresolved?: string;
}

/**
 * The `$NAME` / `${NAME}` / `${NAME:-default}` / `${NAME:+alt}` / `${NAME-default}` / `${NAME+alt}` at `k`
 * (`text[k] === '$'`), or undefined when `$` starts no expression (it is then literal).
 */
export function expandAt(text: string, k: number, env: Env): Expansion | undefined {
  if (text[k + 1] !== '{') {
    const m = NAME.exec(text.slice(k + 1, k + 129));
    if (!m) return undefined;
    const value = env.get(m[0]);
    return value === undefined ? { end: k + 1 + m[0].length, text: '', unresolved: m[0] } : { end: k + 1 + m[0].length, text: value };
  }
  let depth = 1;
  let close = k + 2;
  for (; close < text.length; close++) {
    if (text[close] === '{') depth++;
    else if (text[close] === '}' && --depth === 0) break;
  }
  if (close >= text.length) return undefined;
  const inner = text.slice(k + 2, close);
  const m = NAME.exec(inner);
  const end = close + 1;
  if (!m) return { end, text: '', unresolved: inner };
  const name = m[0];
  const value = env.get(name);
  const rest = inner.slice(name.length);
  if (rest === '') return value === undefined ? { end, text: '', unresolved: name } : { end, text: value };
  const op = /^(:?[-+?])/.exec(rest);
  if (!op) return { end, text: '', unresolved: name };
  const word = expandText(rest.slice(op[1]!.length), env);
  const set = value !== undefined && (op[1]!.startsWith(':') ? value !== '' : true);
  switch (op[1]!.replace(':', '')) {
    case '-':
      // An ARG without a default may still get a value from --build-arg: the default is the best guess.
      return set ? { end, text: value } : { end, text: word.text, ...(word.unresolved ? { unresolved: word.unresolved } : {}) };
    case '+':
      return set ? { end, text: word.text } : value === undefined && !env.has(name) ? { end, text: '' } : { end, text: '', unresolved: name };
    default:
      return set ? { end, text: value } : { end, text: '', unresolved: name };
  }
}

/** Substitutes every variable of an unquoted text (used for defaults inside `${…:-…}`). */
export function expandText(text: string, env: Env): { text: string; unresolved?: string } {
  let out = '';
  let unresolved: string | undefined;
  for (let i = 0; i < text.length; ) {
    const x = text[i] === '$' ? expandAt(text, i, env) : undefined;
    if (x) {
      out += x.text;
      unresolved ??= x.unresolved;
      i = x.end;
    } else out += text[i++];
  }
  return unresolved === undefined ? { text: out } : { text: out, unresolved };
}

export interface WordOptions {
  index: LineIndex;
  escape: string;
  /** Variables to substitute; absent for instructions Docker does not expand (RUN, CMD, ENTRYPOINT…). */
  env?: Env;
}

/** Space, tab, line feed or carriage return, by character code. */
const isSpaceCode = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13;
/** A character `readDWord` copies as it is (anything that neither ends the word nor quotes, escapes or expands),
 * by character code; `escape` and `stopAt` as codes (-1 for no `stopAt`). */
const isPlainCode = (c: number, escape: number, stopAt: number): boolean =>
  c !== escape && c !== 39 && c !== 34 && c !== 36 && c !== stopAt && !isSpaceCode(c);

/** Reads one word starting at `i` (not whitespace); `stopAt` ends it early (used for `KEY=value`). */
export function readDWord(src: Source, i: number, b: number, opts: WordOptions, stopAt?: string): DWord {
  const text = src.text;
  // Most words have no quotes, escapes or variables: their value is their text.
  const escape = opts.escape.charCodeAt(0);
  const stop = stopAt === undefined ? -1 : stopAt.charCodeAt(0);
  let j = i;
  while (j < b && isPlainCode(text.charCodeAt(j), escape, stop)) j++;
  if (j >= b || text.charCodeAt(j) === stop || isSpaceCode(text.charCodeAt(j))) {
    const raw = text.slice(i, j);
    // fileSpan's work without its intermediate object: this runs for nearly every word of a file.
    const start = offsetAt(src, i);
    const end = j > i ? offsetAt(src, j - 1) + 1 : start;
    return { start, end, range: opts.index.range(start, end), raw, value: raw, resolved: raw, unresolved: NO_NAMES };
  }
  return readQuotedDWord(src, i, b, opts, stopAt);
}

function readQuotedDWord(src: Source, i: number, b: number, opts: WordOptions, stopAt?: string): DWord {
  const text = src.text;
  const start = i;
  let value = '';
  let resolved = '';
  const unresolved: string[] = [];
  const dollar = (k: number): number => {
    const x = opts.env ? expandAt(text, k, opts.env) : undefined;
    if (!x) {
      value += '$';
      resolved += '$';
      return k + 1;
    }
    value += text.slice(k, x.end);
    resolved += x.text;
    if (x.unresolved !== undefined) unresolved.push(x.unresolved);
    return x.end;
  };
  const escape = opts.escape.charCodeAt(0);
  const stop = stopAt === undefined ? -1 : stopAt.charCodeAt(0);
  while (i < b && !isSpaceCode(text.charCodeAt(i)) && text.charCodeAt(i) !== stop) {
    const c = text[i]!;
    if (c === opts.escape && i + 1 < b) {
      value += text[i + 1];
      resolved += text[i + 1];
      i += 2;
    } else if (c === "'") {
      const close = text.indexOf("'", i + 1);
      const end = close === -1 || close >= b ? b : close;
      value += text.slice(i + 1, end);
      resolved += text.slice(i + 1, end);
      i = end + 1;
    } else if (c === '"') {
      let k = i + 1;
      while (k < b && text[k] !== '"') {
        if (text[k] === opts.escape && k + 1 < b && (text[k + 1] === '"' || text[k + 1] === '$' || text[k + 1] === opts.escape)) {
          value += text[k + 1];
          resolved += text[k + 1];
          k += 2;
        } else if (text[k] === '$') k = dollar(k);
        else {
          value += text[k];
          resolved += text[k];
          k++;
        }
      }
      i = k + 1;
    } else if (c === '$') i = dollar(i);
    else {
      // A run of plain characters is copied in one piece.
      let j = i + 1;
      while (j < b && isPlainCode(text.charCodeAt(j), escape, stop)) j++;
      const run = text.slice(i, j);
      value += run;
      resolved += run;
      i = j;
    }
  }
  const end = Math.min(i, b);
  // A literal with every field (not a spread of the span): one compact object shape for every word.
  const span = fileSpan(opts.index, src, start, end);
  return { start: span.start, end: span.end, range: span.range, raw: text.slice(start, end), value, resolved: opts.env ? resolved : value, unresolved };
}

/** Splits [a, b) of a source into Docker words. */
export function splitWords(src: Source, a: number, b: number, opts: WordOptions): DWord[] {
  const words: DWord[] = [];
  const text = src.text;
  for (let i = a; i < b; ) {
    if (isSpaceCode(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const w = readDWord(src, i, b, opts);
    words.push(w);
    i = Math.max(i + 1, w.raw.length + i);
  }
  return words;
}

/** An exec-form argument list: a JSON array of strings spanning all of [a, b); undefined otherwise. */
export function parseJsonArray(src: Source, a: number, b: number, index: LineIndex): JsonString[] | undefined {
  const text = src.text;
  let i = a;
  const ws = (): void => {
    while (i < b && isSpaceCode(text.charCodeAt(i))) i++;
  };
  ws();
  if (text[i] !== '[') return undefined;
  i++;
  ws();
  const items: JsonString[] = [];
  if (text[i] === ']') {
    i++;
    ws();
    return i === b ? items : undefined;
  }
  for (;;) {
    ws();
    if (text[i] !== '"') return undefined;
    const start = i;
    let value = '';
    i++;
    for (;;) {
      if (i >= b) return undefined;
      const c = text[i]!;
      if (c === '"') break;
      if (c === '\\') {
        const e = text[i + 1];
        const simple: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
        if (e !== undefined && simple[e] !== undefined) {
          value += simple[e];
          i += 2;
        } else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
          value += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
          i += 6;
        } else return undefined;
      } else if (c.charCodeAt(0) < 0x20) return undefined;
      else {
        value += c;
        i++;
      }
    }
    i++;
    const span = fileSpan(index, src, start, i);
    items.push({ start: span.start, end: span.end, range: span.range, value });
    ws();
    if (text[i] === ',') {
      i++;
      continue;
    }
    if (text[i] !== ']') return undefined;
    i++;
    ws();
    return i === b ? items : undefined;
  }
}
