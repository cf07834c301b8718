// Just enough Haskell to read hadolint's rule specs: tokens with positions (string literals with escapes and
// gaps), layout-delimited expressions, and an evaluator for the text-building expressions the specs use
// (`"…"`, `[…]`, `Text.unlines`, `<>`, `$`, names bound by `let`/`where`). What it cannot evaluate it says so.

export interface Token {
  kind: 'string' | 'name' | 'number' | 'symbol';
  text: string;
  /** The decoded value of a string literal. */
  value?: string;
  line: number;
  col: number;
  /** Index in the token list. */
  i: number;
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', '"': '"', "'": "'", a: '\x07', b: '\b', f: '\f', v: '\v', '0': '\0' };

/** Reads a string literal starting at `start` (the opening quote); returns its value and the index after it. */
function stringAt(src: string, start: number): { value: string; end: number } {
  let value = '';
  let i = start + 1;
  while (i < src.length && src[i] !== '"') {
    if (src[i] !== '\\') {
      value += src[i++];
      continue;
    }
    const next = src[i + 1]!;
    if (/\s/.test(next)) {
      // A string gap: backslash, whitespace (newlines included), backslash.
      i = src.indexOf('\\', i + 1) + 1;
    } else if (next === '&') {
      i += 2;
    } else if (/\d/.test(next)) {
      const m = /^\d+/.exec(src.slice(i + 1))![0];
      value += String.fromCodePoint(Number(m));
      i += 1 + m.length;
    } else if (next === 'x') {
      const m = /^[0-9a-fA-F]+/.exec(src.slice(i + 2))![0];
      value += String.fromCodePoint(parseInt(m, 16));
      i += 2 + m.length;
    } else {
      value += ESCAPES[next] ?? next;
      i += 2;
    }
  }
  return { value, end: i + 1 };
}

export function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let line = 1;
  let lineStart = 0;
  let i = 0;
  const push = (kind: Token['kind'], text: string, at: number, value?: string) =>
    tokens.push({ kind, text, line, col: at - lineStart + 1, i: tokens.length, ...(value === undefined ? {} : { value }) });
  const advanceLines = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (src[k] === '\n') { line++; lineStart = k + 1; }
  };
  while (i < src.length) {
    const c = src[i]!;
    if (c === '\n') { line++; lineStart = ++i; continue; }
    if (/\s/.test(c)) { i++; continue; }
    if (src.startsWith('--', i) && !/[!#$%&*+./<=>?@\\^|~:]/.test(src[i + 2] ?? '')) {
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    if (src.startsWith('{-', i)) {
      const end = src.indexOf('-}', i + 2);
      const to = end < 0 ? src.length : end + 2;
      advanceLines(i, to);
      i = to;
      continue;
    }
    if (c === '"') {
      const { value, end } = stringAt(src, i);
      push('string', src.slice(i, end), i, value);
      advanceLines(i, end);
      i = end;
      continue;
    }
    const name = /^\??[A-Za-z_][\w']*(?:\.[A-Za-z_][\w']*)*/.exec(src.slice(i, i + 200));
    if (name) { push('name', name[0], i); i += name[0].length; continue; }
    const num = /^\d+/.exec(src.slice(i, i + 20));
    if (num) { push('number', num[0], i); i += num[0].length; continue; }
    const sym = /^(?:[!#$%&*+./<=>?@\\^|~:-]+|[()[\],;`{}])/.exec(src.slice(i, i + 10))!;
    push('symbol', sym[0], i);
    i += sym[0].length;
  }
  return tokens;
}

/** The tokens of an expression that starts at `from` and ends where layout ends it: at the first later token on a
 * new line at or left of column `col`, at an `in`, or at an unmatched closing bracket. */
export function layoutSpan(tokens: readonly Token[], from: number, col: number): Token[] {
  const out: Token[] = [];
  let depth = 0;
  for (let k = from; k < tokens.length; k++) {
    const t = tokens[k]!;
    const prev = tokens[k - 1];
    if (out.length > 0 && prev && t.line > prev.line && t.col <= col) break;
    if (depth === 0 && t.kind === 'name' && t.text === 'in') break;
    if (t.kind === 'symbol' && '([{'.includes(t.text)) depth++;
    if (t.kind === 'symbol' && ')]}'.includes(t.text)) {
      if (depth === 0) break;
      depth--;
    }
    out.push(t);
  }
  return out;
}

export type Value = string | Value[];
export type Lookup = (name: string, at: Token) => Token[] | undefined;

export class EvalError extends Error {}

const FUNCTIONS: Record<string, (v: Value) => Value> = {
  unlines: (v) => asList(v).map((s) => `${asString(s)}\n`).join(''),
  concat: (v) => asList(v).map(asString).join(''),
  mconcat: (v) => asList(v).map(asString).join(''),
  pack: (v) => v,
};

function asString(v: Value): string {
  if (typeof v !== 'string') throw new EvalError('a list where text was expected');
  return v;
}
function asList(v: Value): Value[] {
  if (typeof v === 'string') throw new EvalError('text where a list was expected');
  return v;
}

/** Evaluates a text-building expression. Names are resolved through `lookup` (their binding's tokens). */
export function evaluate(tokens: readonly Token[], lookup: Lookup, depth = 0): Value {
  if (depth > 20) throw new EvalError('bindings nest too deep');
  let k = 0;
  const peek = () => tokens[k];
  // expr := app (('<>' | '++') app)* ; '$' applies what precedes to all that follows.
  const expr = (): Value => {
    let left = app();
    while (peek()?.kind === 'symbol' && (peek()!.text === '<>' || peek()!.text === '++')) {
      k++;
      left = asString(left) + asString(app());
    }
    return left;
  };
  const app = (): Value => {
    const t = peek();
    if (t?.kind === 'name') {
      const base = t.text.split('.').pop()!;
      const fn = FUNCTIONS[base];
      if (fn) {
        k++;
        return fn(argument());
      }
      if (base === 'intercalate') {
        k++;
        const sep = asString(atom());
        return asList(argument()).map(asString).join(sep);
      }
    }
    return atom();
  };
  // A function's argument: one atom, or everything after `$`.
  const argument = (): Value => {
    if (peek()?.text !== '$') return atom();
    k++;
    return expr();
  };
  const atom = (): Value => {
    const t = tokens[k++];
    if (!t) throw new EvalError('an expression ended early');
    if (t.kind === 'string') return t.value!;
    if (t.kind === 'symbol' && t.text === '$') return expr();
    if (t.kind === 'symbol' && t.text === '(') {
      const v = expr();
      if (tokens[k++]?.text !== ')') throw new EvalError('unbalanced parentheses');
      return v;
    }
    if (t.kind === 'symbol' && t.text === '[') {
      const items: Value[] = [];
      while (peek() && peek()!.text !== ']') {
        items.push(expr());
        if (peek()?.text === ',') k++;
      }
      k++;
      return items;
    }
    if (t.kind === 'name') {
      const bound = lookup(t.text, t);
      if (!bound) throw new EvalError(`no binding for ${t.text}`);
      return evaluate(bound, lookup, depth + 1);
    }
    throw new EvalError(`cannot evaluate "${t.text}"`);
  };
  const v = expr();
  if (k < tokens.length) throw new EvalError(`cannot evaluate "${tokens[k]!.text}"`);
  return v;
}

/** A lookup over the bindings `name = …` of a token list (let and where): the nearest one before the use, else the
 * first after it (a `where` below). The binding's expression is the layout span after `=`. */
export function bindings(tokens: readonly Token[]): Lookup {
  const sites = new Map<string, Token[]>();
  for (let k = 0; k + 1 < tokens.length; k++) {
    const t = tokens[k]!;
    const prev = tokens[k - 1];
    const startsBinding = !prev || prev.line < t.line || prev.text === 'let' || prev.text === 'where';
    if (t.kind === 'name' && tokens[k + 1]!.text === '=' && startsBinding) sites.set(t.text, [...(sites.get(t.text) ?? []), t]);
  }
  return (name, at) => {
    const candidates = sites.get(name);
    if (!candidates) return undefined;
    const before = candidates.filter((c) => c.i < at.i);
    const site = before[before.length - 1] ?? candidates[0]!;
    return layoutSpan(tokens, site.i + 2, site.col);
  };
}
