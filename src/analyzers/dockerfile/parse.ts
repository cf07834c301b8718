// The Dockerfile parser, following BuildKit's reading of a file: parser directives at the top, instructions
// joined across escaped line ends (comment and blank lines inside them dropped), heredoc bodies after the
// instruction line, leading `--flags`, exec vs shell form, and ARG/ENV substitution per stage. It never
// throws: problems become syntax errors and parsing goes on with the next instruction.
import type { Parsed } from '../../core/analyze.ts';
import type { Report } from '../../core/rule.ts';
import { parseImageRef } from './image.ts';
import { parseShell } from './shell.ts';
import { LineIndex } from '../line-index.ts';
import { fileSpan, offsetAt, sliceSource } from './source.ts';
import { parseSuppressions } from './suppressions.ts';
import type { Comment, Directive, DockerfileDoc, DWord, Env, Flag, FlagOption, Heredoc, Instruction, KeyValue, Script, Source, Span, Stage } from './types.ts';
import { baseName } from './wrappers.ts';
import { parseJsonArray, readDWord, splitWords } from './words.ts';
import type { WordOptions } from './words.ts';

/** Dockerfile instructions (also what content detection looks for: ./detect.ts). */
export const KINDS = new Set(['FROM', 'RUN', 'CMD', 'LABEL', 'MAINTAINER', 'EXPOSE', 'ENV', 'ADD', 'COPY', 'ENTRYPOINT', 'VOLUME', 'USER', 'WORKDIR', 'ARG', 'ONBUILD', 'STOPSIGNAL', 'HEALTHCHECK', 'SHELL']);
/** Flags each instruction accepts (BuildKit, including labs flags in common use). */
const FLAGS = new Map<string, readonly string[]>(Object.entries({
  FROM: ['platform'],
  RUN: ['mount', 'network', 'security', 'device'],
  COPY: ['from', 'chown', 'chmod', 'link', 'parents', 'exclude'],
  ADD: ['chown', 'chmod', 'link', 'checksum', 'keep-git-dir', 'exclude', 'unpack', 'parents'],
  HEALTHCHECK: ['interval', 'timeout', 'start-period', 'start-interval', 'retries'],
}));
const EXEC_FORM = new Set(['RUN', 'CMD', 'ENTRYPOINT', 'SHELL', 'VOLUME', 'ADD', 'COPY']);
/** Instructions whose arguments Docker itself substitutes variables in. */
const EXPANDED = new Set(['ADD', 'COPY', 'ENV', 'EXPOSE', 'FROM', 'LABEL', 'STOPSIGNAL', 'USER', 'VOLUME', 'WORKDIR', 'ARG']);
const HEREDOC_KINDS = new Set(['RUN', 'COPY', 'ADD']);
/** Instructions whose shell form is parsed as a shell script (HEALTHCHECK CMD's command is, after its `CMD` word). */
const SCRIPT_KINDS = new Set(['RUN', 'CMD', 'ENTRYPOINT']);
/** Platform ARGs BuildKit defines in the global scope without a declaration. */
const AUTOMATIC_ARGS = ['TARGETPLATFORM', 'TARGETOS', 'TARGETARCH', 'TARGETVARIANT', 'BUILDPLATFORM', 'BUILDOS', 'BUILDARCH', 'BUILDVARIANT'].map((n) => [n, undefined] as const);
/** FROM's variables when the file declares no global ARG (most files): shared, never modified. */
const AUTOMATIC_ENV: Env = new Map(AUTOMATIC_ARGS);
const POSIX_SHELLS = new Set(['sh', 'bash', 'ash', 'dash', 'zsh', 'ksh', 'mksh']);
const DIRECTIVE = /^#[ \t]*([a-zA-Z][a-zA-Z0-9]*)[ \t]*=[ \t]*(.+?)[ \t]*$/;
const HEREDOC_MARKER = /^(\d*)<<(-?)([^<]+)$/;

type MutableEnv = Map<string, string | undefined>;

const OTHER_WHITESPACE = /\s/;
/** `/\s/.test(text[i])` without a string per character: ASCII answered directly, the rest by the regex. */
function isWhitespace(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c < 128) return c === 32 || (c >= 9 && c <= 13);
  return OTHER_WHITESPACE.test(text[i]!);
}

interface StageState {
  /** ENV values at the end of the stage: a stage built FROM it inherits them (ARGs are not inherited). */
  envVars: MutableEnv;
  posixShell: boolean;
}

/** The code of a line's first character that is not whitespace (as `trim` sees it), or -1 for a blank line: the
 * question every line is asked, without a trimmed copy of it. */
function firstNonBlank(line: string): number {
  for (let i = 0; i < line.length; i++) if (!isWhitespace(line, i)) return line.charCodeAt(i);
  return -1;
}

class DockerfileParser {
  readonly index: LineIndex;
  readonly errors: Report[] = [];
  readonly comments: Comment[] = [];
  readonly directives: Directive[] = [];
  readonly instructions: Instruction[] = [];
  readonly stages: Stage[] = [];
  readonly globalArgs: MutableEnv = new Map();
  private escape: '\\' | '`' = '\\';
  /** The env in scope; copied before each change so instructions can keep the one they saw. */
  private env: MutableEnv = new Map();
  private envVars: MutableEnv = new Map();
  private posixShell = true;
  private readonly stageState = new Map<Stage, StageState>();
  /** The first stage of each name (lower-cased, as Docker compares them), for `FROM <stage>`. */
  private readonly stageNames = new Map<string, Stage>();

  readonly text: string;
  private readonly options: ParseOptions;

  /** Physical lines without terminators, sliced once (the document keeps them too). */
  private readonly lines: string[];
  /** Word options of instructions Docker does not expand: the escape is fixed before the first instruction. */
  private literalWords: WordOptions | undefined;
  /** FROM's variables (platform ARGs and global ARGs), rebuilt only when a global ARG changes. */
  private fromEnv: Env | undefined;

  constructor(text: string, options: ParseOptions = {}) {
    this.text = text;
    this.options = options;
    this.index = new LineIndex(text);
    const { starts, ends } = this.index;
    this.lines = new Array<string>(starts.length);
    for (let i = 0; i < starts.length; i++) this.lines[i] = text.slice(starts[i], ends[i]);
  }

  private error(span: Span, detail: string, messageId = 'syntax'): void {
    this.errors.push({ range: span.range, messageId, data: { detail } });
  }

  private lineText(ln: number): string {
    return this.lines[ln]!;
  }

  parse(): DockerfileDoc {
    const count = this.index.starts.length;
    let ln = this.readDirectives();
    while (ln < count) {
      const c = firstNonBlank(this.lineText(ln));
      if (c === -1) ln++;
      else if (c === 35) this.addComment(ln, false), ln++;
      else ln = this.readInstruction(ln);
    }
    this.finishStage();
    // `--target`: BuildKit builds nothing after the target stage, so the target is the document's last stage.
    const target = this.options.target?.toLowerCase();
    const at = target === undefined ? -1 : this.stages.findIndex((s) => s.name?.resolved.toLowerCase() === target);
    const after = this.stages[at + 1];
    if (at >= 0 && after) {
      this.stages.length = at + 1;
      this.instructions.splice(this.instructions.findIndex((i) => i.start >= after.from.start));
    }
    const last = this.stages[this.stages.length - 1];
    if (last) last.finalStage = true;
    return {
      text: this.text,
      lines: this.lines,
      lineStarts: this.index.starts,
      escape: this.escape,
      directives: this.directives,
      comments: this.comments,
      instructions: this.instructions,
      stages: this.stages,
      globalArgs: this.globalArgs,
      memo: new Map(),
    };
  }

  private addComment(ln: number, inInstruction: boolean): void {
    const start = this.index.starts[ln]!;
    const line = this.lineText(ln);
    const hash = line.indexOf('#');
    this.comments.push({ ...this.index.span(start + hash, start + line.length), text: line.slice(hash + 1), inInstruction });
  }

  /** Parser directives: `# name=value` lines at the very top, until the first other line. */
  private readDirectives(): number {
    let ln = 0;
    for (; ln < this.index.starts.length; ln++) {
      const line = this.lineText(ln).replace(/^\uFEFF/, '');
      const m = DIRECTIVE.exec(line);
      const name = m?.[1]!.toLowerCase();
      if (!m || (name !== 'syntax' && name !== 'escape' && name !== 'check')) break;
      const span = this.index.span(this.index.starts[ln]! + this.lineText(ln).length - line.length, this.index.ends[ln]!);
      if (this.directives.some((d) => d.name === name)) this.error(span, `only one \`${name}\` parser directive can be used`);
      const value = m[2]!;
      if (name === 'escape') {
        if (value === '\\' || value === '`') this.escape = value;
        else this.error(span, `invalid escape token \`${value}\`: only \\ and \` are allowed`);
      }
      this.directives.push({ ...span, name, value });
      this.addComment(ln, false);
    }
    return ln;
  }

  /** Reads one instruction from line `ln` (continuations and heredocs included); returns the next line. */
  private readInstruction(ln: number): number {
    const count = this.index.starts.length;
    let text = '';
    const segments: number[] = [];
    /** File offset one past the last piece; the line start while there is none. */
    let piecesEnd = this.index.starts[ln]!;
    let cur = ln;
    for (let first = true; cur < count; first = false) {
      const start = this.index.starts[cur]!;
      const line = this.lineText(cur);
      if (!first) {
        const c = firstNonBlank(line);
        // BuildKit drops comment lines and (deprecated) empty lines inside a continued instruction.
        if (c === 35) {
          this.addComment(cur, true);
          cur++;
          continue;
        }
        if (c === -1) {
          cur++;
          continue;
        }
      }
      let a = 0;
      if (first) while (line[a] === ' ' || line[a] === '\t') a++;
      let b = line.length;
      while (b > a && (line[b - 1] === ' ' || line[b - 1] === '\t')) b--;
      // An escape token at the end continues the line unless it is itself escaped (`C:\\`), as BuildKit
      // reads it: the character before it must not be the escape token, or the token must be the whole line.
      const continued = b > a && line[b - 1] === this.escape && (b - 1 === a || line[b - 2] !== this.escape);
      if (continued) b--;
      else b = line.length;
      if (b > a) {
        segments.push(text.length, start + a);
        text += line.slice(a, b);
        piecesEnd = start + b;
      }
      cur++;
      if (!continued) break;
    }
    if (segments.length === 0) segments.push(0, piecesEnd);
    const src: Source = { text, segments, end: piecesEnd };
    let k = 0;
    while (k < text.length && !isWhitespace(text, k)) k++;
    const keywordRaw = text.slice(0, k);
    const keywordSpan = fileSpan(this.index, src, 0, k);
    const keyword = { start: keywordSpan.start, end: keywordSpan.end, range: keywordSpan.range, raw: keywordRaw };
    const kind = keywordRaw.toUpperCase();
    let a = k;
    while (a < text.length && isWhitespace(text, a)) a++;
    let b = text.length;
    while (b > a && isWhitespace(text, b - 1)) b--;

    const heredocs: Heredoc[] = [];
    const innerKind = kind === 'ONBUILD' ? /^\S+/.exec(text.slice(a))?.[0].toUpperCase() : kind;
    // Every heredoc marker contains `<<`: without one there is nothing to read.
    if (innerKind !== undefined && HEREDOC_KINDS.has(innerKind) && text.lastIndexOf('<<', b - 2) >= a) cur = this.readHeredocs(src, a, b, cur, heredocs);

    const instr = this.build(kind, keyword, src, a, b, heredocs);
    // Heredoc bodies extend the instruction past its last line.
    const end = heredocs.length > 0 ? Math.max(instr.end, heredocs[heredocs.length - 1]!.end) : instr.end;
    if (end !== instr.end) {
      instr.end = end;
      instr.range = this.index.range(instr.start, end);
    }
    this.place(instr);
    return cur;
  }

  /** Heredoc markers in the instruction line, and their bodies from line `cur` on; returns the line after. */
  private readHeredocs(src: Source, a: number, b: number, cur: number, out: Heredoc[]): number {
    const count = this.index.starts.length;
    for (const w of splitWords(src, a, b, { index: this.index, escape: this.escape })) {
      const m = HEREDOC_MARKER.exec(w.raw);
      if (!m) continue;
      const quotedName = /^(["'])(.*)\1$/.exec(m[3]!);
      const name = quotedName ? quotedName[2]! : m[3]!;
      if (name === '') continue;
      const stripTabs = m[2] === '-';
      let text = '';
      const segments: number[] = [];
      let terminated = false;
      let end = w.end;
      for (; cur < count; cur++) {
        const start = this.index.starts[cur]!;
        let line = this.lineText(cur);
        let skip = 0;
        if (stripTabs) while (line[skip] === '\t') skip++;
        line = line.slice(skip);
        if (line === name) {
          terminated = true;
          end = start + skip + line.length;
          cur++;
          break;
        }
        // The line and its `\n`, which maps to the line end.
        segments.push(text.length, start + skip);
        text += `${line}\n`;
        end = this.index.ends[cur]!;
      }
      if (segments.length === 0) segments.push(0, end);
      const marker: Span = { start: w.start, end: w.end, range: w.range };
      if (!terminated) this.error(marker, `heredoc \`${name}\` is not terminated by a line \`${name}\``);
      out.push({ ...this.index.span(w.start, end), name, quoted: quotedName !== null, stripTabs, marker, body: { text, segments, end } });
    }
    return cur;
  }

  private wordOptions(kind: string): WordOptions {
    if (!EXPANDED.has(kind)) return (this.literalWords ??= { index: this.index, escape: this.escape });
    if (kind !== 'FROM') return { index: this.index, escape: this.escape, env: this.env };
    this.fromEnv ??= this.globalArgs.size === 0 ? AUTOMATIC_ENV : new Map([...AUTOMATIC_ARGS, ...this.globalArgs]);
    return { index: this.index, escape: this.escape, env: this.fromEnv };
  }

  /** Builds the instruction whose arguments are [a, b) of `src`; `keyword` precedes them. */
  private build(kind: string, keyword: Span & { raw: string }, src: Source, a: number, b: number, heredocs: Heredoc[]): Instruction {
    const opts = this.wordOptions(kind);
    const end = Math.max(keyword.end, b > a ? offsetAt(src, b - 1) + 1 : keyword.end);
    const instr: Instruction = {
      start: keyword.start,
      end,
      range: this.index.range(keyword.start, end),
      kind,
      keyword,
      textEnd: end,
      flags: [],
      args: [],
      argsText: '',
      pairs: [],
      heredocs,
      env: this.env,
    };
    if (!KINDS.has(kind)) {
      this.error(keyword, `unknown instruction \`${keyword.raw}\``, 'unknown');
      instr.args = splitWords(src, a, b, opts);
      instr.argsText = src.text.slice(a, b);
      return instr;
    }
    const allowed = FLAGS.get(kind);
    let r = a;
    if (allowed) r = this.readFlags(instr, src, a, b, allowed, opts);
    instr.argsText = src.text.slice(r, b);
    if (r < b) instr.argsSpan = fileSpan(this.index, src, r, b);
    if (EXEC_FORM.has(kind)) {
      const json = parseJsonArray(src, r, b, this.index);
      if (json) instr.json = json;
    }
    // A shell-form command parsed as a script has its words in `script`: splitting it into Docker words too
    // would only repeat the work (about 5 % of the analysis of a typical file).
    if (instr.json || !SCRIPT_KINDS.has(kind) || !this.posixShell) instr.args = splitWords(src, r, b, opts);
    if (r >= b && kind !== 'ONBUILD') {
      this.error(keyword, `${kind} requires at least one argument`, 'arguments');
      return instr;
    }
    switch (kind) {
      case 'FROM':
        this.startStage(instr);
        break;
      case 'ARG':
      case 'ENV':
      case 'LABEL':
        instr.pairs = this.readPairs(kind, src, r, b, opts);
        break;
      case 'SHELL':
        if (!instr.json || instr.json.length === 0) this.error(instr.argsSpan ?? keyword, 'SHELL requires the arguments in JSON form, e.g. ["/bin/sh", "-c"]');
        else this.posixShell = POSIX_SHELLS.has(baseName(instr.json[0]!.value).replace(/\.exe$/i, ''));
        break;
      case 'RUN':
      case 'CMD':
      case 'ENTRYPOINT':
        if (!instr.json) this.readScript(instr, src, r, b);
        break;
      case 'HEALTHCHECK':
        this.readHealthcheck(instr, src, r, b);
        break;
      case 'ONBUILD':
        this.readOnbuild(instr, src, r, b, heredocs);
        break;
    }
    return instr;
  }

  private readScript(instr: Instruction, src: Source, a: number, b: number): void {
    // Windows images (escape=`) run `cmd /S /C` unless a POSIX SHELL is set: parse, but report nothing.
    const report = this.posixShell && this.escape === '\\' ? this.errors : undefined;
    if (!this.posixShell) return;
    const ctx = report ? { index: this.index, errors: report } : { index: this.index };
    const script = parseShell(sliceSource(src, a, b), ctx);
    instr.script = script;
    const heredoc = instr.heredocs[0];
    if (heredoc && heredocIsScript(script, heredoc.body.text)) heredoc.script = parseShell(heredoc.body, ctx);
  }

  private readHealthcheck(instr: Instruction, src: Source, a: number, b: number): void {
    const first = instr.args[0];
    if (!first) return;
    if (first.value.toUpperCase() === 'NONE') {
      instr.healthcheck = { none: true };
      return;
    }
    if (first.value.toUpperCase() !== 'CMD') {
      this.error(first, 'HEALTHCHECK expects `CMD` or `NONE`');
      return;
    }
    instr.healthcheck = { none: false, cmd: { start: first.start, end: first.end, range: first.range } };
    let r = a + first.raw.length;
    while (r < b && isWhitespace(src.text, r)) r++;
    if (r >= b) {
      this.error(first, 'HEALTHCHECK CMD requires a command');
      return;
    }
    const json = parseJsonArray(src, r, b, this.index);
    if (json) instr.json = json;
    else this.readScript(instr, src, r, b);
  }

  private readOnbuild(instr: Instruction, src: Source, a: number, b: number, heredocs: Heredoc[]): void {
    let k = a;
    while (k < b && !isWhitespace(src.text, k)) k++;
    const raw = src.text.slice(a, k);
    const keyword = { ...fileSpan(this.index, src, a, k), raw };
    const kind = raw.toUpperCase();
    if (kind === 'ONBUILD' || kind === 'FROM' || kind === 'MAINTAINER') {
      this.error(keyword, `${kind} is not allowed inside ONBUILD`);
      return;
    }
    while (k < b && isWhitespace(src.text, k)) k++;
    // The wrapped instruction runs in a child image: it must not change this file's stage, env or shell.
    const saved = { env: this.env, posix: this.posixShell };
    const inner = this.build(kind, keyword, src, k, b, heredocs);
    this.env = saved.env;
    this.posixShell = saved.posix;
    inner.env = saved.env;
    instr.onbuild = inner;
  }

  private readFlags(instr: Instruction, src: Source, a: number, b: number, allowed: readonly string[], opts: WordOptions): number {
    const text = src.text;
    let i = a;
    while (i < b && text.startsWith('--', i)) {
      let e = i;
      while (e < b && !isWhitespace(text, e)) e++;
      if (e === i + 2) {
        // A lone `--` ends the flags.
        i = e;
        while (i < b && isWhitespace(text, i)) i++;
        break;
      }
      const eq = text.indexOf('=', i);
      const nameEnd = eq !== -1 && eq < e ? eq : e;
      const name = text.slice(i + 2, nameEnd);
      const nameSpan = fileSpan(this.index, src, i, nameEnd);
      const span = fileSpan(this.index, src, i, e);
      const flag: Flag = { start: span.start, end: span.end, range: span.range, name, nameSpan, options: [] };
      if (nameEnd < e) {
        const value = readDWord(src, nameEnd + 1, b, opts);
        flag.value = value;
        e = Math.max(e, nameEnd + 1 + value.raw.length);
        const s = fileSpan(this.index, src, i, e);
        flag.end = s.end;
        flag.range = s.range;
        flag.options = this.flagOptions(src, nameEnd + 1, value);
      }
      if (!allowed.includes(name)) this.error(nameSpan, `unknown flag \`--${name}\` for ${instr.kind}`, 'flag');
      instr.flags.push(flag);
      i = e;
      while (i < b && isWhitespace(text, i)) i++;
    }
    return i;
  }

  /** `key=value,key2` items of a flag value, with positions (quotes are rare here and read literally). */
  private flagOptions(src: Source, a: number, value: DWord): FlagOption[] {
    const out: FlagOption[] = [];
    let p = a;
    for (const part of value.raw.split(',')) {
      const eq = part.indexOf('=');
      const span = fileSpan(this.index, src, p, p + part.length);
      const option: FlagOption = { start: span.start, end: span.end, range: span.range, key: (eq === -1 ? part : part.slice(0, eq)).toLowerCase() };
      if (eq !== -1) {
        const value = part.slice(eq + 1);
        const q = value.charCodeAt(0);
        option.value = (q === 34 || q === 39) && value.length > 1 && value.charCodeAt(value.length - 1) === q ? value.slice(1, -1) : value;
      }
      if (part !== '') out.push(option);
      p += part.length + 1;
    }
    return out;
  }

  private readPairs(kind: string, src: Source, a: number, b: number, opts: WordOptions): KeyValue[] {
    const text = src.text;
    const pairs: KeyValue[] = [];
    const nextEnv = kind === 'LABEL' ? undefined : new Map(this.env);
    // Docker substitutes variables in ENV and LABEL keys as in their values (`LABEL com.example.$KIND=x`); not in ARG names.
    const keyOptions: WordOptions = kind === 'ARG' || !opts.env ? { index: opts.index, escape: opts.escape } : { index: opts.index, escape: opts.escape, env: opts.env };
    let i = a;
    while (i < b) {
      if (isWhitespace(text, i)) {
        i++;
        continue;
      }
      const key = readDWord(src, i, b, keyOptions, '=');
      let e = i + key.raw.length;
      let value: DWord | undefined;
      if (text[e] === '=') {
        value = readDWord(src, e + 1, b, opts);
        if (value.raw === '') value = { ...value, ...fileSpan(this.index, src, e + 1, e + 1) };
        e = e + 1 + value.raw.length;
      } else if (kind !== 'ARG' && pairs.length === 0) {
        // Legacy `ENV KEY value with spaces` / `LABEL key value`: the rest of the line is the value.
        let v = e;
        while (v < b && isWhitespace(text, v)) v++;
        if (v >= b) {
          this.error(key, `${kind} ${key.raw} has no value: use ${kind} ${key.raw}=value`);
          return pairs;
        }
        const parts = splitWords(src, v, b, opts);
        value = {
          ...fileSpan(this.index, src, v, b),
          raw: text.slice(v, b),
          value: parts.map((w) => w.value).join(' '),
          resolved: parts.map((w) => w.resolved).join(' '),
          unresolved: parts.flatMap((w) => w.unresolved),
        };
        e = b;
      } else if (kind !== 'ARG') this.error(key, `${kind} ${key.raw} has no value: use ${kind} ${key.raw}=value`);
      const span = fileSpan(this.index, src, i, e);
      const pair: KeyValue = { start: span.start, end: span.end, range: span.range, key };
      if (value) pair.value = value;
      pairs.push(pair);
      if (nextEnv) {
        const name = key.value;
        if (kind === 'ENV') {
          nextEnv.set(name, value?.resolved ?? '');
          this.envVars.set(name, value?.resolved ?? '');
        } else if (this.options.buildArgs?.has(name)) nextEnv.set(name, this.options.buildArgs.get(name));
        else if (value) nextEnv.set(name, value.resolved);
        else nextEnv.set(name, this.stages.length > 0 ? this.globalArgs.get(name) : undefined);
        if (this.stages.length === 0 && kind === 'ARG') {
          this.globalArgs.set(name, nextEnv.get(name));
          this.fromEnv = undefined;
        }
      }
      i = Math.max(e, i + 1);
    }
    if (nextEnv) this.env = nextEnv;
    return pairs;
  }

  private startStage(from: Instruction): void {
    this.finishStage();
    const args = from.args;
    const stage: Stage = { index: this.stages.length, from, instructions: [], finalStage: false };
    const imageWord = args[0];
    if (imageWord) {
      stage.imageWord = imageWord;
      const image = parseImageRef(imageWord.resolved);
      const base = this.stageNames.get(imageWord.resolved.toLowerCase());
      if (base) image.stage = base;
      stage.image = image;
    }
    if (args.length === 3 && args[1]!.value.toLowerCase() === 'as') stage.name = args[2]!;
    else if (args.length !== 1) this.error(from.argsSpan ?? from.keyword, 'FROM takes an image and an optional `AS name`');
    const platform = from.flags.find((f) => f.name === 'platform');
    if (platform) stage.platform = platform;
    from.stage = stage;
    const parent = stage.image?.stage ? this.stageState.get(stage.image.stage) : undefined;
    this.envVars = new Map(parent?.envVars);
    this.env = new Map(this.envVars);
    this.posixShell = parent?.posixShell ?? true;
    this.stages.push(stage);
    const name = stage.name?.resolved.toLowerCase();
    if (name !== undefined && !this.stageNames.has(name)) this.stageNames.set(name, stage);
  }

  private finishStage(): void {
    const current = this.stages[this.stages.length - 1];
    if (current) this.stageState.set(current, { envVars: this.envVars, posixShell: this.posixShell });
  }

  private place(instr: Instruction): void {
    this.instructions.push(instr);
    const stage = this.stages[this.stages.length - 1];
    if (instr.kind === 'FROM' || !stage) return;
    instr.stage = stage;
    stage.instructions.push(instr);
  }
}

/** `RUN <<EOF` (the heredoc alone) or `RUN sh <<EOF` / `bash -e <<EOF`: the body is the shell script. */
function heredocIsScript(script: Script, body: string): boolean {
  const cmd = script.items[0]?.pipelines[0]?.commands[0];
  if (script.items.length !== 1 || !cmd || cmd.type !== 'command') return false;
  const shebang = /^#!\s*(\S+)(?:\s+(\S+))?/.exec(body);
  if (shebang) {
    const interpreter = baseName(shebang[1]!) === 'env' ? (shebang[2] ?? '') : baseName(shebang[1]!);
    if (!POSIX_SHELLS.has(interpreter)) return false;
  }
  if (cmd.words.length === 0) return cmd.redirects.some((r) => r.op === '<<' || r.op === '<<-');
  return POSIX_SHELLS.has(baseName(cmd.words[0]!.value)) && cmd.words.slice(1).every((w) => w.value.startsWith('-') && !/c/.test(w.value));
}

/** How a build invokes the file (as a Compose `build` does); absent, the file is read as written. */
export interface ParseOptions {
  /** `--build-arg` values: each replaces the default of the ARG it names (and sets one declared without). */
  buildArgs?: ReadonlyMap<string, string>;
  /** `--target`: the named stage is the last one built; later stages are left out of the document. */
  target?: string;
}

export function parseDockerfile(text: string, options: ParseOptions = {}): Parsed<DockerfileDoc> {
  const parser = new DockerfileParser(text, options);
  const doc = parser.parse();
  const suppressions = parseSuppressions(doc, parser.errors);
  return { doc, suppressions, syntaxErrors: parser.errors.sort((x, y) => x.range.start_line - y.range.start_line || x.range.start_column - y.range.start_column) };
}
