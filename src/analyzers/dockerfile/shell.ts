// A small POSIX-shell parser for RUN scripts: enough grammar to find every simple command with exact word
// positions (lists, pipelines, subshells, groups, if/for/while/case, redirections, heredocs, command
// substitutions, `sh -c` bodies). It is lenient: constructs it does not model are read as words, and
// problems a shell would reject are reported, never thrown.
import type { Report } from '../../core/rule.ts';
import type { LineIndex } from '../line-index.ts';
import { fileSpan, offsetAt, sliceSource, SourceBuilder } from './source.ts';
import type {
  AndOr,
  Assignment,
  CaseClause,
  LoopHeader,
  Pipeline,
  Redirect,
  Script,
  ShellCommand,
  ShellWord,
  SimpleCommand,
  Source,
  Span,
  Subshell,
} from './types.ts';
import { baseName, commandStart, isWrapper } from './wrappers.ts';

export interface ShellContext {
  index: LineIndex;
  /** Where syntax problems go; absent to parse without reporting (non-POSIX shells, dynamic strings). */
  errors?: Report[];
}

/** Beyond this nesting the rest is not parsed further (protects the stack on hostile input). */
const MAX_DEPTH = 100;

const OPERATORS = ['&&', '||', ';;&', ';;', ';&', '|&', '&>>', '&>', '>>', '>&', '>|', '<<<', '<<-', '<<', '<&', '<>', ';', '&', '|', '<', '>', '(', ')'];
const REDIRECTS = new Set(['&>>', '&>', '>>', '>&', '>|', '<<<', '<<-', '<<', '<&', '<>', '<', '>']);
/** Keywords that only introduce or continue a compound command: the command after them is what runs. */
const TRANSPARENT = new Set(['if', 'then', 'else', 'elif', 'do', 'while', 'until', '!']);
const CLOSERS = new Set(['fi', 'done', 'esac', '}']);
const SHELLS = new Set(['sh', 'bash', 'ash', 'dash', 'zsh', 'ksh', 'mksh']);

interface Token {
  t: 'word' | 'op' | 'nl' | 'eof';
  a: number;
  b: number;
  op?: string;
  fd?: number;
  word?: ShellWord;
}

/** Not a separator, quote, escape or expansion: ends or changes nothing in a word. */
function isPlainChar(c: number): boolean {
  // space \t \n \r ; & | < > ( ) ' " \ $ `
  return !(c === 32 || c === 9 || c === 10 || c === 13 || c === 59 || c === 38 || c === 124 || c === 60 || c === 62 || c === 40 || c === 41 || c === 39 || c === 34 || c === 92 || c === 36 || c === 96);
}

/** Ends a word: blank, newline or an operator character. */
function isWordEnd(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 59 || c === 38 || c === 124 || c === 60 || c === 62 || c === 40 || c === 41;
}

/** The `substitutions` of every word without any: shared, and read-only like every word. */
const NO_SCRIPTS: readonly Script[] = Object.freeze([]);


/**
 * Index of the character closing a construct opened just before `i` (`$(`, `${`, `"`, a backtick), honouring
 * nested quotes and substitutions; -1 when unterminated. Iterative so hostile nesting cannot overflow the stack.
 */
export function findClose(text: string, i: number, closer: string): number {
  const stack = [closer];
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    const top = stack[stack.length - 1]!;
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (top === '"' || top === '`') {
      if (c === top) {
        stack.pop();
        if (stack.length === 0) return i;
      } else if (top === '"' && c === '$' && (text[i + 1] === '(' || text[i + 1] === '{')) {
        stack.push(text[i + 1] === '(' ? ')' : '}');
        i++;
      } else if (top === '"' && c === '`') stack.push('`');
      i++;
      continue;
    }
    if (c === "'") {
      const j = text.indexOf("'", i + 1);
      if (j === -1) return -1;
      i = j + 1;
      continue;
    }
    if (c === '"' || c === '`') stack.push(c);
    else if (c === '$' && (text[i + 1] === '(' || text[i + 1] === '{')) {
      stack.push(text[i + 1] === '(' ? ')' : '}');
      i++;
    } else if (c === '(' && top === ')') stack.push(')');
    else if (c === top) {
      stack.pop();
      if (stack.length === 0) return i;
    }
    i++;
  }
  return -1;
}

class Parser {
  private pos = 0;
  private peeked: Token | undefined;
  /** Heredoc delimiters read on the current line; their bodies start after the next newline. */
  private pendingHeredocs: { delimiter: string; stripTabs: boolean }[] = [];
  private readonly text: string;
  private readonly src: Source;
  private readonly ctx: ShellContext;
  private readonly depth: number;

  constructor(src: Source, ctx: ShellContext, depth: number) {
    this.src = src;
    this.ctx = ctx;
    this.depth = depth;
    this.text = src.text;
  }

  private error(a: number, b: number, message: string): void {
    this.ctx.errors?.push({ range: fileSpan(this.ctx.index, this.src, a, Math.max(b, a)).range, messageId: 'shell', data: { detail: message } });
  }

  private span(a: number, b: number): Span {
    return fileSpan(this.ctx.index, this.src, a, b);
  }

  // ---- lexer ----

  private peek(): Token {
    this.peeked ??= this.lex();
    return this.peeked;
  }

  private next(): Token {
    const t = this.peek();
    this.peeked = undefined;
    return t;
  }

  private lex(): Token {
    const text = this.text;
    let i = this.pos;
    for (;;) {
      while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\r')) i++;
      if (text[i] === '\\' && text[i + 1] === '\n') {
        i += 2;
        continue;
      }
      if (text[i] === '#') {
        while (i < text.length && text[i] !== '\n') i++;
      }
      break;
    }
    if (i >= text.length) {
      this.pos = i;
      return { t: 'eof', a: i, b: i };
    }
    const c = text[i]!;
    if (c === '\n') {
      this.pos = i + 1;
      this.skipHeredocBodies();
      return { t: 'nl', a: i, b: i + 1 };
    }
    const fdMatch = c >= '0' && c <= '9' ? /^\d+(?=[<>])/.exec(text.slice(i, i + 12)) : null;
    let fd: number | undefined;
    let j = i;
    if (fdMatch) {
      fd = Number(fdMatch[0]);
      j = i + fdMatch[0].length;
    }
    if (';&|<>()'.includes(text[j]!) && !((text[j] === '<' || text[j] === '>') && text[j + 1] === '(')) {
      for (const op of OPERATORS) {
        if (text.startsWith(op, j) && (fd === undefined || REDIRECTS.has(op))) {
          this.pos = j + op.length;
          const tok: Token = { t: 'op', a: i, b: j + op.length, op };
          if (fd !== undefined) tok.fd = fd;
          return tok;
        }
      }
    }
    const word = this.readWord(i);
    // Defensive: a word always consumes input, so lexing always progresses.
    if (this.pos <= i) this.pos = i + 1;
    return { t: 'word', a: i, b: this.pos, word };
  }

  /** After a newline, skips the bodies of heredocs whose markers were on the line just finished. */
  private skipHeredocBodies(): void {
    const pending = this.pendingHeredocs;
    this.pendingHeredocs = [];
    for (const h of pending) {
      let i = this.pos;
      for (;;) {
        if (i >= this.text.length) {
          this.pos = i;
          break;
        }
        let nl = this.text.indexOf('\n', i);
        if (nl === -1) nl = this.text.length;
        let line = this.text.slice(i, nl);
        if (h.stripTabs) line = line.replace(/^\t+/, '');
        i = nl + 1;
        if (line === h.delimiter) {
          this.pos = Math.min(i, this.text.length);
          break;
        }
      }
    }
  }

  // The word being read (a parser reads one word at a time; substitutions get a parser of their own): fields
  // rather than closures, which would be allocated for every word.
  private out!: SourceBuilder;
  private substitutions: Script[] = [];
  private quoted = false;
  private dynamic = false;

  private readWord(start: number): ShellWord {
    const text = this.text;
    // Most words are plain characters up to a separator: their value is their text, with no builder needed.
    let j = start;
    while (j < text.length && isPlainChar(text.charCodeAt(j))) j++;
    if (j > start && (j >= text.length || isWordEnd(text.charCodeAt(j)))) {
      this.pos = j;
      const from = offsetAt(this.src, start);
      const to = offsetAt(this.src, j - 1) + 1;
      const raw = text.slice(start, j);
      // Contiguous in the file (nearly always): its value's source is that one piece, no search of the map needed.
      const valueSource = to - from === j - start ? { text: raw, segments: [0, from], end: to } : sliceSource(this.src, start, j);
      return { start: from, end: to, range: this.ctx.index.range(from, to), raw, value: raw, valueSource, quoted: false, dynamic: false, substitutions: NO_SCRIPTS };
    }
    const out = new SourceBuilder(this.src);
    this.out = out;
    this.substitutions = [];
    this.quoted = false;
    this.dynamic = false;
    let i = start;
    if ((text[i] === '<' || text[i] === '>') && text[i + 1] === '(') {
      const close = findClose(text, i + 2, ')');
      const end = close === -1 ? text.length : close + 1;
      if (close === -1) this.error(i, end, 'unterminated process substitution');
      else this.substitute(i + 2, close);
      out.add(i, end);
      this.dynamic = true;
      i = end;
    }
    while (i < text.length) {
      const c = text[i]!;
      if (isWordEnd(text.charCodeAt(i))) break;
      if (c === '\\') {
        this.quoted = true;
        if (text[i + 1] === '\n') i += 2;
        else {
          if (i + 1 < text.length) out.add(i + 1, i + 2);
          i += 2;
        }
      } else if (c === "'") {
        this.quoted = true;
        const close = text.indexOf("'", i + 1);
        const end = close === -1 ? text.length : close;
        if (close === -1) this.error(i, text.length, 'unterminated single quote');
        out.add(i + 1, end);
        i = end + 1;
      } else if (c === '"') {
        this.quoted = true;
        let k = i + 1;
        while (k < text.length && text[k] !== '"') {
          const q = text[k]!;
          // A backslash escapes these; the last character of the script escapes nothing (`includes('')` is true).
          if (q === '\\' && k + 1 < text.length && '$`"\\\n'.includes(text[k + 1]!)) {
            if (text[k + 1] !== '\n') out.add(k + 1, k + 2);
            k += 2;
          } else if (q === '$') k = this.dollar(k);
          else if (q === '`') k = this.backtick(k);
          else {
            out.add(k, k + 1);
            k++;
          }
        }
        if (k >= text.length) this.error(i, text.length, 'unterminated double quote');
        i = k + 1;
      } else if (c === '$') i = this.dollar(i);
      else if (c === '`') i = this.backtick(i);
      else {
        out.add(i, i + 1);
        i++;
      }
    }
    this.pos = Math.min(i, text.length);
    const end = this.pos;
    const span = this.span(start, end);
    const valueSource = out.finish(span.start);
    return { start: span.start, end: span.end, range: span.range, raw: text.slice(start, end), value: valueSource.text, valueSource, quoted: this.quoted, dynamic: this.dynamic, substitutions: this.substitutions };
  }

  /** Parses [a, b) as a command substitution of the word being read. */
  private substitute(a: number, b: number): void {
    if (this.depth < MAX_DEPTH) this.substitutions.push(new Parser(sliceSource(this.src, a, b), this.ctx, this.depth + 1).parseScript());
  }

  /** `$…` at k: appends it as written, parses command substitutions; returns the index after it. */
  private dollar(k: number): number {
    const text = this.text;
    const d = text[k + 1];
    if (d === '(' || d === '{') {
      const close = findClose(text, k + 2, d === '(' ? ')' : '}');
      const end = close === -1 ? text.length : close + 1;
      if (close === -1) this.error(k, text.length, `unterminated ${d === '(' ? '$(' : '${'}`);
      else if (d === '(' && text[k + 2] !== '(') this.substitute(k + 2, close);
      this.out.add(k, end);
      this.dynamic = true;
      return end;
    }
    if (d === "'") {
      // ANSI-C quoting: a literal, escapes approximated by their letter.
      this.quoted = true;
      let m = k + 2;
      while (m < text.length && text[m] !== "'") {
        if (text[m] === '\\' && m + 1 < text.length) m++;
        this.out.add(m, m + 1);
        m++;
      }
      if (m >= text.length) this.error(k, text.length, "unterminated $'");
      return m + 1;
    }
    const name = /^(?:[A-Za-z_][A-Za-z0-9_]*|[0-9@*#?$!-])/.exec(text.slice(k + 1, k + 65));
    if (name) {
      this.out.add(k, k + 1 + name[0].length);
      this.dynamic = true;
      return k + 1 + name[0].length;
    }
    this.out.add(k, k + 1);
    return k + 1;
  }

  private backtick(k: number): number {
    const close = findClose(this.text, k + 1, '`');
    const end = close === -1 ? this.text.length : close + 1;
    if (close === -1) this.error(k, end, 'unterminated backtick');
    else this.substitute(k + 1, close);
    this.out.add(k, end);
    this.dynamic = true;
    return end;
  }

  // ---- grammar ----

  /** A list of and-or items up to EOF, a `)` (inside a subshell), a closing keyword or a `;;`. */
  parseScript(closers?: ReadonlySet<string>, inParens = false, inCase = false): Script {
    const items: AndOr[] = [];
    for (;;) {
      const t = this.peek();
      if (t.t === 'eof') break;
      if (t.t === 'nl' || (t.t === 'op' && (t.op === ';' || t.op === '&'))) {
        this.next();
        continue;
      }
      if (t.t === 'op' && t.op === ')') {
        if (inParens) break;
        this.error(t.a, t.b, 'unexpected `)`');
        this.next();
        continue;
      }
      if (t.t === 'op' && (t.op === ';;' || t.op === ';&' || t.op === ';;&')) {
        if (inCase) break;
        this.error(t.a, t.b, `unexpected \`${t.op}\``);
        this.next();
        continue;
      }
      if (t.t === 'word' && closers && !t.word!.quoted && closers.has(t.word!.raw)) break;
      const item = this.parseAndOr(closers);
      if (item) items.push(item);
      else {
        const bad = this.next();
        if (bad.t === 'op') this.error(bad.a, bad.b, `unexpected \`${bad.op}\``);
      }
    }
    return { items };
  }

  private parseAndOr(closers?: ReadonlySet<string>): AndOr | undefined {
    const first = this.parsePipeline(closers, false);
    if (!first) return undefined;
    const pipelines = [first];
    const ops: ('&&' | '||')[] = [];
    for (;;) {
      const t = this.peek();
      if (t.t !== 'op' || (t.op !== '&&' && t.op !== '||')) break;
      this.next();
      this.skipNewlines();
      const p = this.parsePipeline(closers, true, t);
      if (!p) break;
      ops.push(t.op as '&&' | '||');
      pipelines.push(p);
    }
    const last = pipelines[pipelines.length - 1]!;
    return { start: first.start, end: last.end, range: this.ctx.index.range(first.start, last.end), pipelines, ops };
  }

  private skipNewlines(): void {
    while (this.peek().t === 'nl') this.next();
  }

  private parsePipeline(closers: ReadonlySet<string> | undefined, required: boolean, after?: Token): Pipeline | undefined {
    const commands: ShellCommand[] = [];
    let negated = false;
    let t = this.peek();
    if (t.t === 'word' && t.word!.raw === '!') {
      negated = true;
      this.next();
    }
    let cmd = this.parseCommand(closers);
    if (!cmd) {
      if (required && after) this.error(after.a, after.b, `\`${after.op}\` is not followed by a command`);
      return undefined;
    }
    commands.push(cmd);
    for (;;) {
      t = this.peek();
      if (t.t !== 'op' || (t.op !== '|' && t.op !== '|&')) break;
      this.next();
      this.skipNewlines();
      cmd = this.parseCommand(closers);
      if (!cmd) {
        this.error(t.a, t.b, '`|` is not followed by a command');
        break;
      }
      commands.push(cmd);
    }
    const start = commands[0]!.start;
    const end = commands[commands.length - 1]!.end;
    return { start, end, range: this.ctx.index.range(start, end), commands, negated };
  }

  /** One command; undefined at a separator, a closing keyword or the end (nothing consumed then). */
  private parseCommand(closers?: ReadonlySet<string>): ShellCommand | undefined {
    let sawKeyword = false;
    for (;;) {
      const t = this.peek();
      if (t.t === 'op' && t.op === '(') {
        if (this.depth >= MAX_DEPTH) return this.tooDeep(t);
        this.next();
        const body = new Parser(this.src, this.ctx, this.depth + 1);
        body.pos = this.pos;
        const script = body.parseScript(undefined, true);
        this.pos = body.pos;
        this.peeked = body.peeked;
        const close = this.next();
        if (close.t !== 'op' || close.op !== ')') this.error(t.a, t.b, 'unclosed `(`');
        return this.finishCompound('subshell', t, close, script);
      }
      if (t.t === 'op' && REDIRECTS.has(t.op!)) return this.parseSimple(t.a);
      if (t.t !== 'word') return sawKeyword ? this.emptyCommand(t) : undefined;
      const w = t.word!;
      if (!w.quoted && closers?.has(w.raw)) return sawKeyword ? this.emptyCommand(t) : undefined;
      if (!w.quoted && TRANSPARENT.has(w.raw)) {
        this.next();
        sawKeyword = true;
        continue;
      }
      if (!w.quoted && CLOSERS.has(w.raw)) {
        // A closing keyword outside its construct as we track it: consume it and any redirections.
        this.next();
        return this.parseSimple(t.a);
      }
      if (!w.quoted && w.raw === '{') {
        if (this.depth >= MAX_DEPTH) return this.tooDeep(t);
        this.next();
        const body = new Parser(this.src, this.ctx, this.depth + 1);
        body.pos = this.pos;
        const script = body.parseScript(new Set(['}']));
        this.pos = body.pos;
        this.peeked = body.peeked;
        const close = this.next();
        if (close.t !== 'word' || close.word!.raw !== '}') this.error(t.a, t.b, 'unclosed `{`');
        return this.finishCompound('group', t, close, script);
      }
      if (!w.quoted && (w.raw === 'for' || w.raw === 'select')) return this.parseFor();
      if (!w.quoted && w.raw === 'case') return this.parseCase();
      if (!w.quoted && w.raw === 'function') {
        // `function name [()]`: the body that follows is the next command.
        this.next();
        if (this.peek().t === 'word') this.next();
        this.skipEmptyParens();
        this.skipNewlines();
        sawKeyword = true;
        continue;
      }
      return this.parseSimple(t.a);
    }
  }

  private tooDeep(t: Token): undefined {
    this.error(t.a, this.text.length, 'shell nesting too deep to analyze');
    this.pos = this.text.length;
    this.peeked = undefined;
    return undefined;
  }

  private emptyCommand(t: Token): SimpleCommand {
    return { type: 'command', ...this.span(t.a, t.a), assignments: [], words: [], redirects: [] };
  }

  /** Consumes `()` (a function definition); leaves the input as it was otherwise. */
  private skipEmptyParens(): boolean {
    const t = this.peek();
    if (t.t !== 'op' || t.op !== '(') return false;
    const save = this.pos;
    this.next();
    const u = this.next();
    if (u.t === 'op' && u.op === ')') return true;
    this.pos = save;
    this.peeked = t;
    return false;
  }

  private finishCompound(type: 'subshell' | 'group', open: Token, close: Token, body: Script): Subshell {
    const redirects: Redirect[] = [];
    for (let r = this.parseRedirect(); r; r = this.parseRedirect()) redirects.push(r);
    const end = redirects.length > 0 ? redirects[redirects.length - 1]!.end : this.span(close.a, close.b).end;
    const span = this.span(open.a, open.b);
    return { type, start: span.start, end, range: this.ctx.index.range(span.start, end), body, redirects };
  }

  private parseRedirect(): Redirect | undefined {
    const t = this.peek();
    if (t.t !== 'op' || !REDIRECTS.has(t.op!)) return undefined;
    this.next();
    const span = this.span(t.a, t.b);
    const r: Redirect = { start: span.start, end: span.end, range: span.range, op: t.op! };
    if (t.fd !== undefined) r.fd = t.fd;
    const target = this.peek();
    if (target.t === 'word') {
      this.next();
      r.target = target.word!;
      const s = this.span(t.a, target.b);
      r.end = s.end;
      r.range = s.range;
      if (t.op === '<<' || t.op === '<<-') this.pendingHeredocs.push({ delimiter: target.word!.value, stripTabs: t.op === '<<-' });
    } else this.error(t.a, t.b, `\`${t.op}\` has no target`);
    return r;
  }

  private parseSimple(from: number): ShellCommand {
    const assignments: Assignment[] = [];
    const words: ShellWord[] = [];
    const redirects: Redirect[] = [];
    let end = offsetAt(this.src, from);
    for (;;) {
      const r = this.parseRedirect();
      if (r) {
        redirects.push(r);
        end = r.end;
        continue;
      }
      const t = this.peek();
      if (t.t !== 'word') break;
      this.next();
      const w = t.word!;
      const eq = words.length === 0 ? /^([A-Za-z_][A-Za-z0-9_]*)\+?=/.exec(w.raw) : null;
      if (eq) {
        const valueStart = eq[0].length;
        const value: ShellWord = { ...w, raw: w.raw.slice(valueStart), value: w.value.slice(valueStart), valueSource: sliceSource(w.valueSource, valueStart, w.value.length) };
        const vs = this.span(t.a + valueStart, t.b);
        value.start = vs.start;
        value.range = vs.range;
        const span = this.span(t.a, t.b);
        assignments.push({ start: span.start, end: span.end, range: span.range, name: eq[1]!, value });
      } else {
        words.push(w);
        // `name() { …; }` defines a function: its body is the next command.
        if (words.length === 1 && assignments.length === 0 && this.skipEmptyParens()) {
          this.skipNewlines();
          return this.parseCommand() ?? this.emptyCommand(t);
        }
      }
      end = w.end;
    }
    const start = offsetAt(this.src, from);
    const cmd: SimpleCommand = { type: 'command', start, end, range: this.ctx.index.range(start, end), assignments, words, redirects };
    this.parseInner(cmd);
    return cmd;
  }

  /** `sh -c 'script'`, also behind wrappers (`sudo bash -ec "…"`): parse the script string too. */
  private parseInner(cmd: SimpleCommand): void {
    // Most commands are neither a shell nor a wrapper: nothing to look through.
    const first = baseName(cmd.words[0]?.value ?? '');
    if (!SHELLS.has(first) && !isWrapper(first)) return;
    const values = cmd.words.map((w) => w.value);
    const at = commandStart(values);
    if (!SHELLS.has(baseName(values[at] ?? ''))) return;
    let k = at + 1;
    let hasC = false;
    for (; k < values.length; k++) {
      const v = values[k]!;
      if (v === '-c' || /^-[a-z]*c[a-z]*$/.test(v)) hasC = true;
      else if (v === '-o' || v === '+o') k++;
      else if (!/^[-+]/.test(v)) break;
    }
    const body = cmd.words[k];
    if (!hasC || !body || this.depth >= MAX_DEPTH) return;
    const ctx: ShellContext = body.dynamic ? { index: this.ctx.index } : this.ctx;
    cmd.inner = new Parser(body.valueSource, ctx, this.depth + 1).parseScript();
  }

  private parseFor(): LoopHeader {
    const first = this.next();
    const words: ShellWord[] = [];
    let last: Token = first;
    const t = this.peek();
    if (t.t === 'op' && t.op === '(') {
      // Arithmetic `for ((…))`: skip to the closing `))`.
      const close = this.text.indexOf('))', t.a);
      this.pos = close === -1 ? this.text.length : close + 2;
      this.peeked = undefined;
      if (close === -1) this.error(t.a, this.text.length, 'unterminated `for ((`');
    } else {
      if (t.t === 'word') last = this.next();
      while (this.peek().t === 'nl') this.next();
      const inWord = this.peek();
      if (inWord.t === 'word' && inWord.word!.raw === 'in') {
        last = this.next();
        for (let w = this.peek(); w.t === 'word'; w = this.peek()) {
          words.push(w.word!);
          last = this.next();
        }
      }
    }
    const s = this.span(first.a, Math.max(last.b, first.b));
    return { type: 'for', ...s, words };
  }

  private parseCase(): CaseClause {
    const first = this.next();
    const clause: CaseClause = { type: 'case', ...this.span(first.a, first.b), items: [] };
    const subject = this.peek();
    if (subject.t === 'word') clause.subject = this.next().word!;
    this.skipNewlines();
    const inWord = this.peek();
    if (inWord.t === 'word' && inWord.word!.raw === 'in') this.next();
    const esac = new Set(['esac']);
    for (;;) {
      this.skipNewlines();
      const t = this.peek();
      if (t.t === 'eof') {
        this.error(first.a, first.b, 'unterminated `case`');
        break;
      }
      if (t.t === 'word' && t.word!.raw === 'esac') {
        const e = this.next();
        const s = this.span(first.a, e.b);
        clause.end = s.end;
        clause.range = s.range;
        break;
      }
      // Pattern list up to `)`.
      if (t.t === 'op' && t.op === '(') this.next();
      for (let p = this.peek(); p.t !== 'eof' && !(p.t === 'op' && p.op === ')'); p = this.peek()) this.next();
      this.next();
      clause.items.push(this.parseScript(esac, false, true));
      const sep = this.peek();
      if (sep.t === 'op' && (sep.op === ';;' || sep.op === ';&' || sep.op === ';;&')) this.next();
    }
    return clause;
  }
}

/** Parses a shell script; syntax problems go to `ctx.errors` when given. Never throws. */
export function parseShell(src: Source, ctx: ShellContext): Script {
  return new Parser(src, ctx, 0).parseScript();
}
