// GitHub Actions expressions (`${{ … }}`): finding them in a string, and parsing one into a small tree with
// offsets (literals, `!`, comparisons, `&&`/`||`, calls, context paths with `.name`, `[index]` and `.*`). Never
// throws: a problem is returned with where it is. Offsets are into the string given; callers map them to the file.
// Why ours rather than `@actions/expressions`: docs/architecture.md ("Parsers").

export interface Span {
  /** [start, end) in the searched string. */
  start: number;
  end: number;
}

export type Expr =
  | (Span & { kind: 'literal'; value: string | number | boolean | null })
  | (Span & { kind: 'context'; name: string })
  | (Span & { kind: 'property'; object: Expr; name: string })
  | (Span & { kind: 'index'; object: Expr; index: Expr })
  | (Span & { kind: 'star'; object: Expr })
  | (Span & { kind: 'call'; name: string; args: Expr[] })
  | (Span & { kind: 'not'; operand: Expr })
  | (Span & { kind: 'binary'; op: '==' | '!=' | '<' | '<=' | '>' | '>=' | '&&' | '||'; left: Expr; right: Expr });

export interface ExprError extends Span {
  message: string;
}

/** One `${{ … }}` of a string: its whole span, the inner text's span, and the parse. */
export interface Expression extends Span {
  /** The text between the braces. */
  source: string;
  inner: Span;
  expr?: Expr;
  error?: ExprError;
}

type Tok =
  | (Span & { t: 'id'; v: string })
  | (Span & { t: 'num'; v: number })
  | (Span & { t: 'str'; v: string })
  | (Span & { t: 'op'; v: string })
  | (Span & { t: 'eof' });

const OPS2 = ['==', '!=', '<=', '>=', '&&', '||'];
/** The second characters of the two-character operators. */
const OPS2_SECOND = '=&|';
const OPS1 = '()[],.!<>*';
/** Beyond this nesting the rest is not parsed (protects the stack on hostile input). */
const MAX_DEPTH = 100;

function isIdStart(c: string): boolean {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
}
function isIdChar(c: string): boolean {
  return isIdStart(c) || (c >= '0' && c <= '9') || c === '-';
}

class Fail extends Error {
  readonly span: Span;
  constructor(message: string, span: Span) {
    super(message);
    this.span = span;
  }
}

function lex(s: string, base: number): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < s.length) {
    const c = s[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
      continue;
    }
    const start = base + i;
    if (c === "'") {
      // Most literals hold no escaped quote (`''`): their value is one slice, not a string built character by character.
      let v = '';
      let from = i + 1;
      let j = from;
      for (;;) {
        j = s.indexOf("'", j);
        if (j < 0) throw new Fail('unterminated string literal', { start, end: base + s.length });
        if (s[j + 1] === "'") {
          v += s.slice(from, j + 1);
          j += 2;
          from = j;
          continue;
        }
        break;
      }
      v += s.slice(from, j);
      out.push({ t: 'str', v, start, end: base + j + 1 });
      i = j + 1;
      continue;
    }
    if ((c >= '0' && c <= '9') || ((c === '-' || c === '+' || c === '.') && /[0-9]/.test(s[i + 1] ?? ''))) {
      const m = /^[-+]?(0x[0-9a-fA-F]+|0o[0-7]+|(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?)/.exec(s.slice(i))!;
      const text = m[0];
      const v = /0x/i.test(text) ? parseInt(text.replace(/0x/i, ''), 16) * (text.startsWith('-') ? -1 : 1) : /0o/.test(text) ? parseInt(text.replace('0o', ''), 8) * (text.startsWith('-') ? -1 : 1) : Number(text);
      if (isIdChar(s[i + text.length] ?? '')) throw new Fail(`invalid number "${s.slice(i, i + text.length + 1)}"`, { start, end: start + text.length + 1 });
      out.push({ t: 'num', v, start, end: start + text.length });
      i += text.length;
      continue;
    }
    if (isIdStart(c)) {
      let j = i + 1;
      while (j < s.length && isIdChar(s[j]!)) j++;
      out.push({ t: 'id', v: s.slice(i, j), start, end: base + j });
      i = j;
      continue;
    }
    const two = i + 1 < s.length && OPS2_SECOND.includes(s[i + 1]!) ? s.slice(i, i + 2) : '';
    if (two !== '' && OPS2.includes(two)) {
      out.push({ t: 'op', v: two, start, end: start + 2 });
      i += 2;
      continue;
    }
    if (OPS1.includes(c)) {
      out.push({ t: 'op', v: c, start, end: start + 1 });
      i++;
      continue;
    }
    throw new Fail(`unexpected character "${c}"`, { start, end: start + 1 });
  }
  out.push({ t: 'eof', start: base + s.length, end: base + s.length });
  return out;
}

class Parser {
  private i = 0;
  private depth = 0;
  private readonly toks: Tok[];
  constructor(toks: Tok[]) {
    this.toks = toks;
  }
  private peek(): Tok {
    return this.toks[this.i]!;
  }
  private isOp(v: string): boolean {
    const t = this.peek();
    return t.t === 'op' && t.v === v;
  }
  private expectOp(v: string): Tok {
    const t = this.peek();
    if (t.t !== 'op' || t.v !== v) throw new Fail(t.t === 'eof' ? `expected "${v}" before the end` : `expected "${v}"`, t);
    this.i++;
    return t;
  }
  parse(): Expr {
    if (this.peek().t === 'eof') throw new Fail('empty expression', this.peek());
    const e = this.or();
    const t = this.peek();
    if (t.t !== 'eof') throw new Fail('unexpected token after the expression', t);
    return e;
  }
  // Precedence levels written out (no closure or operator list made per level and per operand): `||` below `&&`
  // below `==`/`!=` below comparisons below `!`. Each level folds to the left, as GitHub's parser does.
  private or(): Expr {
    if (++this.depth > MAX_DEPTH) throw new Fail('expression nested too deeply', this.peek());
    try {
      let left = this.and();
      for (let t = this.peek(); t.t === 'op' && t.v === '||'; t = this.peek()) {
        this.i++;
        const right = this.and();
        left = { kind: 'binary', op: '||', left, right, start: left.start, end: right.end };
      }
      return left;
    } finally {
      this.depth--;
    }
  }
  private and(): Expr {
    let left = this.equality();
    for (let t = this.peek(); t.t === 'op' && t.v === '&&'; t = this.peek()) {
      this.i++;
      const right = this.equality();
      left = { kind: 'binary', op: '&&', left, right, start: left.start, end: right.end };
    }
    return left;
  }
  private equality(): Expr {
    let left = this.comparison();
    for (let t = this.peek(); t.t === 'op' && (t.v === '==' || t.v === '!='); t = this.peek()) {
      this.i++;
      const right = this.comparison();
      left = { kind: 'binary', op: t.v, left, right, start: left.start, end: right.end };
    }
    return left;
  }
  private comparison(): Expr {
    let left = this.unary();
    for (let t = this.peek(); t.t === 'op' && (t.v === '<' || t.v === '<=' || t.v === '>' || t.v === '>='); t = this.peek()) {
      this.i++;
      const right = this.unary();
      left = { kind: 'binary', op: t.v, left, right, start: left.start, end: right.end };
    }
    return left;
  }
  private unary(): Expr {
    const t = this.peek();
    if (t.t === 'op' && t.v === '!') {
      this.i++;
      if (++this.depth > MAX_DEPTH) throw new Fail('expression nested too deeply', this.peek());
      let operand: Expr;
      try {
        operand = this.unary();
      } finally {
        this.depth--;
      }
      return { kind: 'not', operand, start: t.start, end: operand.end };
    }
    return this.postfix(this.primary());
  }
  private primary(): Expr {
    const t = this.peek();
    this.i++;
    switch (t.t) {
      case 'num':
        return { kind: 'literal', value: t.v, start: t.start, end: t.end };
      case 'str':
        return { kind: 'literal', value: t.v, start: t.start, end: t.end };
      case 'id': {
        const lower = t.v.toLowerCase();
        if (lower === 'true' || lower === 'false') return { kind: 'literal', value: lower === 'true', start: t.start, end: t.end };
        if (lower === 'null') return { kind: 'literal', value: null, start: t.start, end: t.end };
        if (this.isOp('(')) {
          this.i++;
          const args: Expr[] = [];
          if (!this.isOp(')')) {
            args.push(this.or());
            while (this.isOp(',')) {
              this.i++;
              args.push(this.or());
            }
          }
          const close = this.expectOp(')');
          return { kind: 'call', name: t.v, args, start: t.start, end: close.end };
        }
        return { kind: 'context', name: t.v, start: t.start, end: t.end };
      }
      case 'op':
        if (t.v === '(') {
          const inner = this.or();
          const close = this.expectOp(')');
          return { ...inner, start: t.start, end: close.end };
        }
        throw new Fail(`unexpected "${t.v}"`, t);
      case 'eof':
        this.i--;
        throw new Fail('unexpected end of the expression', t);
    }
  }
  private postfix(e: Expr): Expr {
    for (;;) {
      if (this.isOp('.')) {
        this.i++;
        const t = this.peek();
        if (t.t === 'op' && t.v === '*') {
          this.i++;
          e = { kind: 'star', object: e, start: e.start, end: t.end };
        } else if (t.t === 'id') {
          this.i++;
          e = { kind: 'property', object: e, name: t.v, start: e.start, end: t.end };
        } else {
          throw new Fail('expected a property name after "."', t);
        }
      } else if (this.isOp('[')) {
        this.i++;
        const t = this.peek();
        let index: Expr;
        if (t.t === 'op' && t.v === '*') {
          this.i++;
          const close = this.expectOp(']');
          e = { kind: 'star', object: e, start: e.start, end: close.end };
          continue;
        }
        index = this.or();
        const close = this.expectOp(']');
        e = { kind: 'index', object: e, index, start: e.start, end: close.end };
      } else {
        return e;
      }
    }
  }
}

/** Parses the text of one expression (without `${{ }}`); offsets are `base` + index into `text`. */
export function parseExpression(text: string, base = 0): { expr?: Expr; error?: ExprError } {
  try {
    return { expr: new Parser(lex(text, base)).parse() };
  } catch (e) {
    if (e instanceof Fail) return { error: { message: e.message, start: e.span.start, end: Math.max(e.span.end, e.span.start) } };
    throw e;
  }
}

/** Every `${{ … }}` of a string, in order. A `}}` inside a string literal does not close one; an unclosed one is
 * returned with an error and ends the search. */
export function findExpressions(s: string): Expression[] {
  const out: Expression[] = [];
  let from = 0;
  for (let open = s.indexOf('${{', from); open !== -1; open = s.indexOf('${{', from)) {
    let j = open + 3;
    let inString = false;
    let close = -1;
    for (; j < s.length; j++) {
      const c = s[j];
      if (c === "'") inString = !inString;
      else if (!inString && c === '}' && s[j + 1] === '}') {
        close = j;
        break;
      }
    }
    if (close === -1) {
      out.push({ start: open, end: s.length, source: s.slice(open + 3), inner: { start: open + 3, end: s.length }, error: { message: 'unclosed "${{"', start: open, end: open + 3 } });
      break;
    }
    const source = s.slice(open + 3, close);
    const parsed = parseExpression(source, open + 3);
    // An error at the end of the text has no width: it points at the whole expression.
    if (parsed.error && parsed.error.end === parsed.error.start) parsed.error = { ...parsed.error, start: open, end: close + 2 };
    out.push({ start: open, end: close + 2, source, inner: { start: open + 3, end: close }, ...parsed });
    from = close + 2;
  }
  return out;
}

/** A context path as GitHub documents it (`github.event.issue.title`, `github.event.commits.*.message`), for
 * expressions made only of names, literal indexes and stars; undefined otherwise. Names are lower-cased (contexts
 * and properties are case-insensitive). */
export function contextPath(e: Expr): string | undefined {
  switch (e.kind) {
    case 'context':
      return e.name.toLowerCase();
    case 'property': {
      const o = contextPath(e.object);
      return o === undefined ? undefined : `${o}.${e.name.toLowerCase()}`;
    }
    case 'star': {
      const o = contextPath(e.object);
      return o === undefined ? undefined : `${o}.*`;
    }
    case 'index': {
      const o = contextPath(e.object);
      if (o === undefined) return undefined;
      if (e.index.kind === 'literal' && typeof e.index.value === 'string') return `${o}.${e.index.value.toLowerCase()}`;
      if (e.index.kind === 'literal' && typeof e.index.value === 'number') return `${o}.*`;
      return undefined;
    }
    default:
      return undefined;
  }
}

/** Every node of a tree, parents first. */
export function walk(e: Expr, visit: (e: Expr) => void): void {
  visit(e);
  switch (e.kind) {
    case 'property':
    case 'star':
      walk(e.object, visit);
      break;
    case 'index':
      walk(e.object, visit);
      walk(e.index, visit);
      break;
    case 'call':
      for (const a of e.args) walk(a, visit);
      break;
    case 'not':
      walk(e.operand, visit);
      break;
    case 'binary':
      walk(e.left, visit);
      walk(e.right, visit);
      break;
    default:
  }
}

/** The values an expression can take as text flow through: context paths of the expression itself, of
 * `||`/`&&` operands (which yield one of them), and of `format`/`join`/`toJSON` arguments; not of comparisons or
 * `contains`-like predicates, whose result is a boolean. */
export function valuePaths(e: Expr, out: { path: string; expr: Expr }[] = []): { path: string; expr: Expr }[] {
  const p = contextPath(e);
  if (p !== undefined) {
    out.push({ path: p, expr: e });
    return out;
  }
  if (e.kind === 'binary' && (e.op === '||' || e.op === '&&')) {
    valuePaths(e.left, out);
    valuePaths(e.right, out);
  } else if (e.kind === 'call' && ['format', 'join', 'tojson', 'fromjson'].includes(e.name.toLowerCase())) {
    for (const a of e.args) valuePaths(a, out);
  } else if (e.kind === 'index') {
    // `github.event[inputs.field]`: the object's path, for a dynamic index.
    const o = contextPath(e.object);
    if (o !== undefined) out.push({ path: `${o}.*`, expr: e });
  }
  return out;
}
