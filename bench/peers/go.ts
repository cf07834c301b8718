// Just enough Go to read BuildKit's lint tests: tokens, expressions (literals, composite literals, calls, closures,
// `+`), and statement blocks run in order over an environment of local variables. Calls the tests make to build
// text (`[]byte`, `fmt.Sprintf`/`Appendf`, `integration.UnixOrWindows`: the Unix side) are evaluated; a hook
// sees every call so the reader can turn `checkLinterWarnings(...)` into cases. Anything else is Unknown.

export interface GoToken {
  kind: 'string' | 'ident' | 'number' | 'op';
  text: string;
  value?: string;
  line: number;
}

export class Unknown {
  readonly why: string;
  constructor(why: string) {
    this.why = why;
  }
}

export interface Closure {
  params: string[];
  body: GoToken[];
  env: Env;
}

export type GoValue = string | number | boolean | null | GoValue[] | GoStruct | Closure | Unknown;
export interface GoStruct {
  type: string;
  fields: Map<string, GoValue>;
}
export type Env = Map<string, GoValue>;

const ESC: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', '"': '"', "'": "'", a: '\x07', b: '\b', f: '\f', v: '\v' };

export function tokenizeGo(src: string): GoToken[] {
  const out: GoToken[] = [];
  let line = 1;
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (c === '\n') { line++; i++; continue; }
    if (/\s/.test(c)) { i++; continue; }
    if (src.startsWith('//', i)) { while (i < src.length && src[i] !== '\n') i++; continue; }
    if (src.startsWith('/*', i)) {
      const end = src.indexOf('*/', i + 2) + 2;
      for (let k = i; k < end; k++) if (src[k] === '\n') line++;
      i = end;
      continue;
    }
    if (c === '`') {
      const end = src.indexOf('`', i + 1);
      const value = src.slice(i + 1, end).replace(/\r/g, '');
      out.push({ kind: 'string', text: src.slice(i, end + 1), value, line });
      for (const ch of value) if (ch === '\n') line++;
      i = end + 1;
      continue;
    }
    if (c === '"' || c === "'") {
      let value = '';
      let k = i + 1;
      while (src[k] !== c) {
        if (src[k] === '\\') {
          const n = src[k + 1]!;
          if (n === 'x') { value += String.fromCharCode(parseInt(src.slice(k + 2, k + 4), 16)); k += 4; continue; }
          if (n === 'u') { value += String.fromCharCode(parseInt(src.slice(k + 2, k + 6), 16)); k += 6; continue; }
          value += ESC[n] ?? n;
          k += 2;
        } else value += src[k++];
      }
      out.push({ kind: c === '"' ? 'string' : 'number', text: src.slice(i, k + 1), value, line });
      i = k + 1;
      continue;
    }
    const word = /^[A-Za-z_]\w*/.exec(src.slice(i, i + 100));
    if (word) { out.push({ kind: 'ident', text: word[0], line }); i += word[0].length; continue; }
    const num = /^\d[\w.]*/.exec(src.slice(i, i + 40));
    if (num) { out.push({ kind: 'number', text: num[0], line }); i += num[0].length; continue; }
    const op = /^(?:\.\.\.|:=|==|!=|<=|>=|&&|\|\||<-|\+\+|--|[-+*/%&|^<>=!:;,.(){}[\]])/.exec(src.slice(i, i + 3));
    out.push({ kind: 'op', text: op ? op[0] : c, line });
    i += op ? op[0].length : 1;
  }
  return out;
}

/** Formats like Go's fmt for the verbs the tests use (%s, %d, %q, %v). */
export function sprintf(format: string, args: readonly GoValue[]): GoValue {
  let n = 0;
  let unknown: Unknown | undefined;
  const text = format.replace(/%([sdqv%])/g, (_m, verb: string) => {
    if (verb === '%') return '%';
    const a = args[n++];
    if (a instanceof Unknown || a === undefined) {
      unknown = a instanceof Unknown ? a : new Unknown('fmt argument missing');
      return '';
    }
    return verb === 'q' ? JSON.stringify(String(a)) : String(a);
  });
  return unknown ?? text;
}

/** Called for every named call; returns a value to use instead of the default evaluation. */
export type CallHook = (callee: string, args: GoValue[], line: number) => GoValue | undefined;

export class GoRunner {
  #tokens: GoToken[];
  readonly #hook: CallHook;
  #k = 0;
  #env: Env = new Map();

  constructor(tokens: GoToken[], hook: CallHook) {
    this.#tokens = tokens;
    this.#hook = hook;
  }

  /** Runs the statements of a block body (the tokens between its braces) in `env`. */
  runBlock(body: GoToken[], env: Env): void {
    this.#within(body, env, () => {
      while (this.#k < this.#tokens.length) this.#statement();
    });
  }

  /** Runs `fn` over other tokens and environment, then restores the current ones. */
  #within<T>(tokens: GoToken[], env: Env, fn: () => T): T {
    const saved = [this.#tokens, this.#k, this.#env] as const;
    [this.#tokens, this.#k, this.#env] = [tokens, 0, env];
    try {
      return fn();
    } finally {
      [this.#tokens, this.#k, this.#env] = saved;
    }
  }

  get #peek(): GoToken | undefined {
    return this.#tokens[this.#k];
  }

  /** The current token's text: a method, so checks on it are not narrowed across moves. */
  #text(): string | undefined {
    return this.#tokens[this.#k]?.text;
  }

  /** The tokens of a bracketed group starting at the current token, consumed; the brackets excluded. */
  #group(): GoToken[] {
    const open = this.#tokens[this.#k]!.text;
    const close = open === '(' ? ')' : open === '[' ? ']' : '}';
    let depth = 0;
    const start = this.#k;
    for (; this.#k < this.#tokens.length; this.#k++) {
      const t = this.#tokens[this.#k]!.text;
      if (t === open) depth++;
      else if (t === close && --depth === 0) break;
    }
    this.#k++;
    return this.#tokens.slice(start + 1, this.#k - 1);
  }

  #statement(): void {
    const t = this.#peek!;
    if (t.text === ';') { this.#k++; return; }
    if (t.kind === 'ident' && ['if', 'for', 'switch', 'select', 'go'].includes(t.text)) {
      // Skipped with their blocks: the lint tests build no cases inside them.
      while (this.#text() !== undefined && this.#text() !== '{') this.#k++;
      if (this.#text()) this.#group();
      while (this.#text() === 'else') {
        this.#k++;
        while (this.#text() !== undefined && this.#text() !== '{') this.#k++;
        if (this.#text()) this.#group();
      }
      return;
    }
    if (t.text === 'return') { this.#k = this.#tokens.length; return; }
    if (t.text === 'defer' || t.text === 'var') this.#k++;
    // Assignment: a, b := / = expression(s).
    const start = this.#k;
    const names: string[] = [];
    while (this.#peek?.kind === 'ident' && [',', ':=', '='].includes(this.#tokens[this.#k + 1]?.text ?? '')) {
      names.push(this.#peek.text);
      this.#k++;
      if (this.#text() === ',') { this.#k++; continue; }
      this.#k++;
      const values = [this.#expr()];
      while (this.#peek?.text === ',') { this.#k++; values.push(this.#expr()); }
      names.forEach((n, idx) => this.#env.set(n, names.length === values.length ? values[idx]! : new Unknown('multiple results')));
      return;
    }
    this.#k = start;
    const v = this.#expr();
    if (this.#k === start) this.#k++;
    // A statement that is a parameterless closure (integration.UnixOrWindows(func(){…}, func(){…})) runs.
    if (isClosure(v) && v.params.length === 0) this.runBlock(v.body, new Map(v.env));
  }

  #expr(): GoValue {
    let left = this.#unary();
    while (this.#peek?.kind === 'op' && ['+', '-', '*', '/', '==', '!=', '&&', '||', '<', '>'].includes(this.#peek.text)) {
      const op = this.#peek.text;
      this.#k++;
      const right = this.#unary();
      if (op === '+' && typeof left === 'string' && typeof right === 'string') left = left + right;
      else if (op === '+' && typeof left === 'number' && typeof right === 'number') left = left + right;
      else left = left instanceof Unknown ? left : right instanceof Unknown ? right : new Unknown(`operator ${op}`);
    }
    return left;
  }

  #unary(): GoValue {
    if (this.#peek?.text === '&' || this.#peek?.text === '*') this.#k++;
    if (this.#peek?.text === '-' && this.#tokens[this.#k + 1]?.kind === 'number') {
      this.#k++;
      const v = this.#primary();
      return typeof v === 'number' ? -v : v;
    }
    return this.#primary();
  }

  #primary(): GoValue {
    const t = this.#peek;
    if (!t) return new Unknown('end of input');
    let value: GoValue;
    let name = '';
    if (t.kind === 'string') { this.#k++; value = t.value!; }
    else if (t.kind === 'number') { this.#k++; value = t.value ?? (/^\d+$/.test(t.text) ? Number(t.text) : new Unknown(`number ${t.text}`)); }
    else if (t.text === '(') { value = this.#subExpr(this.#group()); }
    else if (t.text === 'func') {
      this.#k++;
      const params = this.#group().filter((p, i, all) => p.kind === 'ident' && (i === 0 || all[i - 1]!.text === ',')).map((p) => p.text);
      while (this.#peek && this.#peek.text !== '{') this.#k++;
      return { params, body: this.#group(), env: this.#env };
    } else if (t.text === '[' || t.text === 'map') {
      // A type: []T, [N]T, map[K]V — then a composite literal or a conversion.
      if (t.text === 'map') this.#k++;
      this.#group();
      while (this.#peek && (this.#peek.kind === 'ident' || this.#peek.text === '.' || this.#peek.text === '*' || this.#peek.text === '[')) {
        if (this.#peek.text === '[') this.#group();
        else this.#k++;
      }
      name = '[]';
      value = new Unknown('a type');
    } else if (t.kind === 'ident') {
      this.#k++;
      name = t.text;
      while (this.#peek?.text === '.' && this.#tokens[this.#k + 1]?.kind === 'ident') {
        name += `.${this.#tokens[this.#k + 1]!.text}`;
        this.#k += 2;
      }
      value = name === 'nil' ? null : name === 'true' ? true : name === 'false' ? false : (this.#env.get(name) ?? new Unknown(`variable ${name}`));
    } else {
      this.#k++;
      return new Unknown(`token ${t.text}`);
    }
    // Postfix: calls, composite literals, indexes — only on the same line (Go ends statements at line ends).
    for (;;) {
      const p = this.#peek;
      const prev = this.#tokens[this.#k - 1]!;
      if (!p || p.line !== prev.line) break;
      if (p.text === '(') {
        const args = this.#args(this.#group());
        const line = prev.line;
        const hooked = name ? this.#hook(name, args, line) : undefined;
        value = hooked !== undefined ? hooked : this.#call(name, value, args);
        name = '';
      } else if (p.text === '{' && name) {
        value = this.#composite(name, this.#group());
        name = '';
      } else if (p.text === '[') {
        this.#group();
        value = new Unknown('index');
      } else if (p.text === '.' && this.#tokens[this.#k + 1]?.kind === 'ident') {
        this.#k += 2;
        value = new Unknown('selector');
      } else break;
    }
    return value;
  }

  #call(name: string, callee: GoValue, args: GoValue[]): GoValue {
    if (name === '[]' || name === 'string') return args[0] ?? new Unknown('conversion');
    if (name === 'integration.UnixOrWindows') return args[0] ?? new Unknown('UnixOrWindows');
    if (name === 'fmt.Sprintf') return typeof args[0] === 'string' ? sprintf(args[0], args.slice(1)) : new Unknown('format');
    if (name === 'fmt.Appendf') return typeof args[1] === 'string' ? sprintf(args[1], args.slice(2)) : new Unknown('format');
    // t.Run(name, func(t *testing.T) {…}): a subtest runs its body.
    if (name.endsWith('.Run') && isClosure(args[1] ?? null)) {
      const sub = args[1] as Closure;
      this.runBlock(sub.body, new Map(sub.env));
      return null;
    }
    if (isClosure(callee)) {
      const env: Env = new Map(callee.env);
      callee.params.forEach((p, i) => env.set(p, args[i] ?? new Unknown('argument')));
      const ret = callee.body.findIndex((x) => x.text === 'return');
      if (ret < 0) {
        this.runBlock(callee.body, env);
        return new Unknown('no result');
      }
      return this.#subExpr(callee.body.slice(ret + 1), env);
    }
    return new Unknown(`call ${name || 'expression'}`);
  }

  /** Evaluates a token list as one expression (in `env`, or the current one). */
  #subExpr(tokens: GoToken[], env: Env = this.#env): GoValue {
    return this.#within(tokens, env, () => (tokens.length ? this.#expr() : new Unknown('empty')));
  }

  /** Comma-separated elements of a group; each `key: value` or `value`. */
  #elements(tokens: GoToken[]): { key?: GoValue; value: GoValue }[] {
    const parts: GoToken[][] = [[]];
    let depth = 0;
    for (const t of tokens) {
      if ('([{'.includes(t.text)) depth++;
      if (')]}'.includes(t.text)) depth--;
      if (t.text === ',' && depth === 0) parts.push([]);
      else parts[parts.length - 1]!.push(t);
    }
    return parts.filter((p) => p.length > 0).map((p) => {
      let d = 0;
      const colon = p.findIndex((t) => {
        if ('([{'.includes(t.text)) d++;
        if (')]}'.includes(t.text)) d--;
        return d === 0 && t.text === ':';
      });
      const valueTokens = colon < 0 ? p : p.slice(colon + 1);
      // An element `{…}` with its type left out is a composite literal of the element type.
      const value = valueTokens[0]?.text === '{' ? this.#composite('', valueTokens.slice(1, -1)) : this.#subExpr(valueTokens);
      if (colon < 0) return { value };
      const keyTokens = p.slice(0, colon);
      const key = keyTokens.length === 1 && keyTokens[0]!.kind === 'ident' ? keyTokens[0]!.text : this.#subExpr(keyTokens);
      return { key, value };
    });
  }

  #args(tokens: GoToken[]): GoValue[] {
    return this.#elements(tokens).map((e) => e.value);
  }

  #composite(type: string, tokens: GoToken[]): GoValue {
    const elements = this.#elements(tokens);
    if (elements.length > 0 && elements.every((e) => e.key === undefined)) return elements.map((e) => e.value);
    if (type === '[]' && elements.length === 0) return [];
    const fields = new Map<string, GoValue>();
    for (const e of elements) if (typeof e.key === 'string') fields.set(e.key, e.value);
    return { type, fields };
  }
}

export function isClosure(v: GoValue): v is Closure {
  return typeof v === 'object' && v !== null && 'body' in v;
}

export function isStruct(v: GoValue | undefined): v is GoStruct {
  return typeof v === 'object' && v !== null && 'fields' in v;
}
