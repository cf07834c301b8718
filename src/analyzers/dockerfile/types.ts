// The Dockerfile document model: instructions with exact source positions, build stages, resolved variables,
// and every RUN's shell text parsed once into a small AST. Rules read this model; they never re-parse text.
import type { Range } from '../../core/types.ts';

/**
 * Text assembled from pieces of the file (a logical line with its continuations removed, a quoted word's
 * value, a heredoc body), with a compact map back to the file: `segments` holds one pair per piece, the text
 * index where the piece starts and the file offset of that character (a few numbers per piece, not one per
 * character). `end` is the file offset one past the last piece, so a slice [a, b) of the text maps back to
 * the file exactly (`offsetAt` in source.ts).
 */
export interface Source {
  text: string;
  segments: number[];
  end: number;
}

/** A span of the file: offsets [start, end) and the same as a 1-based `Range`. */
export interface Span {
  start: number;
  end: number;
  range: Range;
}

/** A word of a Dockerfile instruction (not of its shell script): quotes removed, `$VAR`s resolved. */
export interface DWord extends Span {
  /** As written (continuations removed). */
  raw: string;
  /** After quote and escape removal, variables left as written. */
  value: string;
  /** After quote removal and variable substitution from the ARG/ENV values known at that point. */
  resolved: string;
  /** Variables referenced without a known value (substituted by the empty string, as Docker does). */
  unresolved: readonly string[];
}

/** `--name=value` before an instruction's arguments (`--link` has no value). */
export interface Flag extends Span {
  name: string;
  nameSpan: Span;
  value?: DWord;
  /** `key=value` items of a comma-separated value (`--mount=type=cache,target=/x`), with positions. */
  options: FlagOption[];
}

export interface FlagOption extends Span {
  key: string;
  /** Absent for a bare key such as `readonly`. */
  value?: string;
}

/** One `KEY=value` (or legacy `KEY value`) of ENV, ARG or LABEL. */
export interface KeyValue extends Span {
  key: DWord;
  /** Absent for `ARG NAME` without a default. */
  value?: DWord;
}

/** One string of an exec-form (JSON array) argument list. */
export interface JsonString extends Span {
  value: string;
}

export interface Heredoc extends Span {
  /** Delimiter without quotes, e.g. `EOF`. */
  name: string;
  /** `<<"EOF"` / `<<'EOF'`: the body is not expanded. */
  quoted: boolean;
  /** `<<-EOF`: leading tabs are stripped from the body. */
  stripTabs: boolean;
  /** The `<<EOF` marker in the instruction line. */
  marker: Span;
  /** The body lines (tabs stripped for `<<-`), without the terminator line. */
  body: Source;
  /** The body parsed as a shell script when the heredoc is the RUN's script. */
  script?: Script;
}

export type InstructionKind =
  | 'FROM'
  | 'RUN'
  | 'CMD'
  | 'LABEL'
  | 'MAINTAINER'
  | 'EXPOSE'
  | 'ENV'
  | 'ADD'
  | 'COPY'
  | 'ENTRYPOINT'
  | 'VOLUME'
  | 'USER'
  | 'WORKDIR'
  | 'ARG'
  | 'ONBUILD'
  | 'STOPSIGNAL'
  | 'HEALTHCHECK'
  | 'SHELL';

/** Variables in scope: a value, or `undefined` for an ARG declared without one (set only by `--build-arg`). */
export type Env = ReadonlyMap<string, string | undefined>;

export interface Instruction extends Span {
  /** Upper-cased keyword; unknown keywords are kept upper-cased too (and reported as syntax errors). */
  kind: InstructionKind | string;
  /** The keyword as written, for casing rules. */
  keyword: Span & { raw: string };
  /** File offset one past the instruction's own text (its last argument; heredoc bodies come after). */
  textEnd: number;
  /** Leading `--flags`. */
  flags: Flag[];
  /** Arguments after the flags, split into words as Docker does (quotes respected). Empty for a shell-form RUN,
   * CMD or ENTRYPOINT parsed as a POSIX script: its words are in `script`. */
  args: DWord[];
  /** The argument text after the flags, trimmed, continuations removed; raw (variables unresolved). */
  argsText: string;
  /** Span of the argument text after the flags; absent when there are no arguments. */
  argsSpan?: Span;
  /** Exec form (`["a","b"]`) of RUN, CMD, ENTRYPOINT, SHELL, VOLUME, ADD, COPY and HEALTHCHECK CMD. */
  json?: JsonString[];
  /** ENV / ARG / LABEL pairs. */
  pairs: KeyValue[];
  heredocs: Heredoc[];
  /** Shell form of RUN / CMD / ENTRYPOINT / HEALTHCHECK CMD, parsed (absent for exec form or a non-POSIX SHELL). */
  script?: Script;
  /** The stage this instruction belongs to; absent before the first FROM. */
  stage?: Stage;
  /** ARG and ENV values in effect when this instruction runs (before its own ENV/ARG takes effect). */
  env: Env;
  /** The instruction ONBUILD wraps. */
  onbuild?: Instruction;
  /** HEALTHCHECK: `NONE`, or the `CMD` word before the command. */
  healthcheck?: { none: boolean; cmd?: Span };
}

export interface ImageRef {
  /** As resolved (variables substituted). */
  text: string;
  registry?: string;
  /** Repository path without registry, e.g. `library/node` is written `node`. */
  repository: string;
  tag?: string;
  digest?: string;
  scratch: boolean;
  /** The earlier stage this name refers to (`FROM builder`). */
  stage?: Stage;
}

export interface Stage {
  index: number;
  /** `AS name` as written; Docker compares stage names case-insensitively. */
  name?: DWord;
  from: Instruction;
  /** The image word of FROM. */
  imageWord?: DWord;
  image?: ImageRef;
  platform?: Flag;
  /** Instructions of the stage after FROM (ONBUILD inner instructions are not listed). */
  instructions: Instruction[];
  /** The last stage: what `docker build` produces without `--target`. */
  finalStage: boolean;
}

export interface Directive extends Span {
  /** Lower-cased: `syntax`, `escape`, `check`. */
  name: string;
  value: string;
}

export interface Comment extends Span {
  /** The text after `#`, untrimmed. */
  text: string;
  /** A comment line inside an instruction's continuation lines (Docker drops it from the instruction). */
  inInstruction: boolean;
}

export interface DockerfileDoc {
  text: string;
  /** Physical lines without line terminators. */
  lines: string[];
  /** File offset of the start of each line. */
  lineStarts: number[];
  escape: '\\' | '`';
  directives: Directive[];
  comments: Comment[];
  /** Every top-level instruction in file order (an ONBUILD's inner instruction hangs off the ONBUILD). */
  instructions: Instruction[];
  stages: Stage[];
  /** ARGs before the first FROM: usable in FROM lines and, re-declared, inside stages. */
  globalArgs: Env;
  /** Facts derived once per document by query helpers (e.g. every RUN command), keyed by helper. */
  memo: Map<(doc: DockerfileDoc) => unknown, unknown>;
}

// ---- Shell AST -------------------------------------------------------------------------------------------

export interface ShellWord extends Span {
  raw: string;
  /** Quotes and escapes removed; `$x`, `$(…)` and backticks left as written. */
  value: string;
  /** `value` mapped back to the file (for positions inside `sh -c '…'` bodies). */
  valueSource: Source;
  /** Any quoting or escaping was present. */
  quoted: boolean;
  /** Contains a parameter expansion, command substitution or arithmetic: its value is not known statically. */
  dynamic: boolean;
  /** Command substitutions `$(…)` / backticks / `<(…)` inside the word, parsed. */
  substitutions: readonly Script[];
}

export interface Assignment extends Span {
  name: string;
  value: ShellWord;
}

export interface Redirect extends Span {
  /** `>`, `>>`, `<`, `<<`, `<<-`, `<<<`, `>&`, `<&`, `&>`, `&>>`, `>|`, `<>`; with its fd if written (`2>`). */
  op: string;
  fd?: number;
  target?: ShellWord;
}

export interface SimpleCommand extends Span {
  type: 'command';
  assignments: Assignment[];
  /** Name and arguments, in order. */
  words: ShellWord[];
  redirects: Redirect[];
  /** `sh -c '…'` / `bash -c "…"`: the string parsed as a script. */
  inner?: Script;
}

export interface Subshell extends Span {
  type: 'subshell' | 'group';
  body: Script;
  redirects: Redirect[];
}

/** `for NAME in words` / `select`: the words are expanded, so their substitutions are visible. */
export interface LoopHeader extends Span {
  type: 'for';
  words: ShellWord[];
}

export interface CaseClause extends Span {
  type: 'case';
  subject?: ShellWord;
  items: Script[];
}

export type ShellCommand = SimpleCommand | Subshell | LoopHeader | CaseClause;

export interface Pipeline extends Span {
  commands: ShellCommand[];
  negated: boolean;
}

/** Pipelines joined by `&&` / `||`; `ops[i]` joins `pipelines[i]` and `pipelines[i + 1]`. */
export interface AndOr extends Span {
  pipelines: Pipeline[];
  ops: ('&&' | '||')[];
}

/** Statements separated by `;`, `&` or newlines. */
export interface Script {
  items: AndOr[];
}
