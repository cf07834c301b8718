// Small, precise questions rules ask of the model: which commands a RUN executes (wrappers, `sh -c`, command
// substitutions and heredoc scripts seen through), which options a command was given, what its subcommand is.
import type { Range } from '../../core/types.ts';
import type { DockerfileDoc, Instruction, Script, ShellCommand, ShellWord, SimpleCommand, Span, Stage } from './types.ts';
import { baseName, commandStart, isWrapper } from './wrappers.ts';

/** A simple command as it runs: `sudo -E apt-get install x` has name `apt-get` and args `install x`. */
export interface CommandRef {
  /** The top-level instruction (an ONBUILD for commands of the instruction it wraps). */
  instruction: Instruction;
  node: SimpleCommand;
  /** Command name without directory (`/usr/bin/curl` → `curl`); '' for a command of assignments/redirects only. */
  name: string;
  nameWord?: ShellWord;
  /** Words after the name. */
  args: ShellWord[];
  /** Wrapper words before the name (`sudo`, `env`, their options). */
  wrappers: ShellWord[];
}

function commandOf(instruction: Instruction, node: SimpleCommand): CommandRef {
  const first = node.words[0];
  // Most commands are no wrapper: no list of word values to build.
  const at = first === undefined || !isWrapper(baseName(first.value)) ? 0 : commandStart(node.words.map((w) => w.value));
  const nameWord = node.words[at];
  const ref: CommandRef = { instruction, node, name: nameWord ? baseName(nameWord.value) : '', args: node.words.slice(at + 1), wrappers: node.words.slice(0, at) };
  if (nameWord) ref.nameWord = nameWord;
  return ref;
}

/** Every simple command of a script, in order, descending into compounds, `sh -c` bodies and substitutions. */
export function simpleCommands(script: Script, out: SimpleCommand[] = []): SimpleCommand[] {
  for (const item of script.items) for (const p of item.pipelines) for (const c of p.commands) collect(c, out);
  return out;
}

function collectWords(words: readonly ShellWord[], out: SimpleCommand[]): void {
  for (const w of words) for (const s of w.substitutions) simpleCommands(s, out);
}

function collect(c: ShellCommand, out: SimpleCommand[]): void {
  switch (c.type) {
    case 'command':
      out.push(c);
      for (const a of c.assignments) collectWords([a.value], out);
      collectWords(c.words, out);
      for (const r of c.redirects) if (r.target) collectWords([r.target], out);
      if (c.inner) simpleCommands(c.inner, out);
      break;
    case 'subshell':
    case 'group':
      simpleCommands(c.body, out);
      break;
    case 'for':
      collectWords(c.words, out);
      break;
    case 'case':
      if (c.subject) collectWords([c.subject], out);
      for (const item of c.items) simpleCommands(item, out);
      break;
  }
}

/** The shell scripts an instruction runs: its shell form and a heredoc script (of the ONBUILD-wrapped one too). */
export function scriptsOf(instr: Instruction): Script[] {
  const target = instr.onbuild ?? instr;
  const scripts: Script[] = [];
  if (target.script) scripts.push(target.script);
  for (const h of target.heredocs) if (h.script) scripts.push(h.script);
  return scripts;
}

/** `RUN ["apt-get", "install", "x"]`: the exec form runs one command, without a shell (no expansion, no operators). */
function execFormCommand(instr: Instruction): SimpleCommand | undefined {
  const target = instr.onbuild ?? instr;
  const json = target.json;
  if (target.kind !== 'RUN' || !json || json.length === 0) return undefined;
  const words: ShellWord[] = json.map((j) => ({
    start: j.start,
    end: j.end,
    range: j.range,
    raw: JSON.stringify(j.value),
    value: j.value,
    // The value starts after the opening quote (escapes inside shift later positions; rules point at whole words).
    valueSource: { text: j.value, segments: [0, j.start + 1], end: j.end - 1 },
    quoted: true,
    dynamic: false,
    substitutions: [],
  }));
  const last = json[json.length - 1]!;
  return { type: 'command', start: json[0]!.start, end: last.end, range: { ...json[0]!.range, end_line: last.range.end_line, end_column: last.range.end_column }, assignments: [], words, redirects: [] };
}

/** Commands of one instruction's scripts (or of its exec form), appended to `out`; `nodes` is scratch space a caller
 * that walks many instructions can lend. */
export function commandsOf(instr: Instruction, out: CommandRef[] = [], nodes: SimpleCommand[] = []): CommandRef[] {
  nodes.length = 0;
  const exec = execFormCommand(instr);
  if (exec) nodes.push(exec);
  for (const s of scriptsOf(instr)) simpleCommands(s, nodes);
  for (const node of nodes) out.push(commandOf(instr, node));
  return out;
}

/**
 * A fact about the document, computed on first use and kept in `doc.memo` for every other rule. The key is the
 * `compute` function itself, so it must be declared once (at module level), not written inline per call.
 */
export function memoized<T>(doc: DockerfileDoc, compute: (doc: DockerfileDoc) => T): T {
  let value = doc.memo.get(compute) as T | undefined;
  if (value === undefined) {
    value = compute(doc);
    doc.memo.set(compute, value);
  }
  return value;
}

function collectRunCommands(doc: DockerfileDoc): CommandRef[] {
  const out: CommandRef[] = [];
  // One scratch list for the whole document: this runs for every file.
  const nodes: SimpleCommand[] = [];
  for (const instr of doc.instructions) if (effectiveKind(instr) === 'RUN') commandsOf(instr, out, nodes);
  return out;
}

/** Every command every RUN (also `ONBUILD RUN`) executes, computed once per document. */
export function runCommands(doc: DockerfileDoc): CommandRef[] {
  return memoized(doc, collectRunCommands);
}

function indexRunCommands(doc: DockerfileDoc): ReadonlyMap<string, readonly CommandRef[]> {
  const index = new Map<string, CommandRef[]>();
  for (const c of runCommands(doc)) {
    const list = index.get(c.name);
    if (list) list.push(c);
    else index.set(c.name, [c]);
  }
  return index;
}

/** The commands of `runCommands` by name, in RUN order. */
export function runCommandsByName(doc: DockerfileDoc): ReadonlyMap<string, readonly CommandRef[]> {
  return memoized(doc, indexRunCommands);
}

/** The kind that runs: `ONBUILD RUN …` is a RUN. */
export function effectiveKind(instr: Instruction): string {
  return instr.onbuild?.kind ?? instr.kind;
}

const NONE: readonly Instruction[] = [];

/** Top-level instructions by kind, in file order. */
function indexKinds(doc: DockerfileDoc): ReadonlyMap<string, readonly Instruction[]> {
  const index = new Map<string, Instruction[]>();
  for (const i of doc.instructions) {
    const list = index.get(i.kind);
    if (list) list.push(i);
    else index.set(i.kind, [i]);
  }
  return index;
}

/** Top-level instructions of the given kinds (ONBUILD-wrapped ones included when `withOnbuild`), in file order.
 * The common question, one kind without ONBUILD, is answered from an index built once per document. */
export function instructionsOf(doc: DockerfileDoc, kinds: readonly string[], withOnbuild = false): readonly Instruction[] {
  if (kinds.length === 1 && !withOnbuild) return memoized(doc, indexKinds).get(kinds[0]!) ?? NONE;
  return doc.instructions.filter((i) => kinds.includes(i.kind) || (withOnbuild && i.onbuild !== undefined && kinds.includes(i.onbuild.kind)));
}

export function finalStage(doc: DockerfileDoc): Stage | undefined {
  return doc.stages[doc.stages.length - 1];
}

const SHORT_FLAGS = /^-[A-Za-z0-9]+$/;

/**
 * The word giving any of the options: `-y` also matches combined short flags (`-qy`), `--yes` also `--yes=…`.
 * Short options only match combined flags of letters/digits, so `-o=-y`-like values are not misread.
 * Options end at `--`; a lone `-` is an operand (stdin).
 */
export function hasOption(cmd: CommandRef, ...names: string[]): ShellWord | undefined {
  for (const w of cmd.args) {
    const v = w.value;
    if (v === '--') break;
    if (!v.startsWith('-') || v.length === 1) continue;
    for (const n of names) {
      if (n.startsWith('--')) {
        if (v === n || (v.length > n.length && v[n.length] === '=' && v.startsWith(n))) return w;
      } else if (v === n || (!v.startsWith('--') && n.length === 2 && SHORT_FLAGS.test(v) && v.includes(n[1]!))) return w;
    }
  }
  return undefined;
}

/** The value of an option (`--name=value`, `--name value`, `-n value`), with the word that holds it. */
export function optionValue(cmd: CommandRef, ...names: string[]): { word: ShellWord; value: string } | undefined {
  const args = cmd.args;
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === '--') break;
    for (const n of names) {
      if (v.startsWith(`${n}=`)) return { word: args[i]!, value: v.slice(n.length + 1) };
      if (v === n && args[i + 1]) return { word: args[i + 1]!, value: args[i + 1]!.value };
    }
  }
  return undefined;
}

/** Operands (non-option words); options listed in `withValue` consume the next word. */
export function positionals(cmd: CommandRef, withValue: readonly string[] = []): ShellWord[] {
  const out: ShellWord[] = [];
  let options = true;
  for (let i = 0; i < cmd.args.length; i++) {
    const w = cmd.args[i]!;
    if (options && w.value === '--') {
      options = false;
      continue;
    }
    if (options && w.value.startsWith('-') && w.value.length > 1) {
      if (withValue.includes(w.value)) i++;
      continue;
    }
    out.push(w);
  }
  return out;
}

/** The first operand: `install` for `apt-get -y install curl`. */
export function subcommand(cmd: CommandRef, withValue: readonly string[] = []): string | undefined {
  return positionals(cmd, withValue)[0]?.value;
}

/** A range from the start of one span to the end of another. */
export function rangeFrom(a: Span, b: Span): Range {
  return { start_line: a.range.start_line, start_column: a.range.start_column, end_line: b.range.end_line, end_column: b.range.end_column };
}

/** Pipelines of every RUN script (for rules about what flows into what, e.g. `curl … | sh`), computed once per document. */
export function runPipelines(doc: DockerfileDoc): { instruction: Instruction; commands: CommandRef[] }[] {
  return memoized(doc, collectPipelines);
}

function collectPipelines(doc: DockerfileDoc): { instruction: Instruction; commands: CommandRef[] }[] {
  // The same command objects `runCommands` holds: every simple command of a RUN script is among them.
  const refs = new Map<SimpleCommand, CommandRef>();
  for (const c of runCommands(doc)) refs.set(c.node, c);
  const out: { instruction: Instruction; commands: CommandRef[] }[] = [];
  const visit = (instruction: Instruction, script: Script): void => {
    for (const item of script.items)
      for (const p of item.pipelines) {
        const commands: CommandRef[] = [];
        for (const c of p.commands) if (c.type === 'command') commands.push(refs.get(c) ?? commandOf(instruction, c));
        out.push({ instruction, commands });
        for (const c of p.commands) {
          if (c.type === 'command' && c.inner) visit(instruction, c.inner);
          if (c.type === 'subshell' || c.type === 'group') visit(instruction, c.body);
          if (c.type === 'case') for (const s of c.items) visit(instruction, s);
          if (c.type === 'command') for (const w of c.words) for (const s of w.substitutions) visit(instruction, s);
        }
      }
  };
  for (const instr of doc.instructions) if (effectiveKind(instr) === 'RUN') for (const s of scriptsOf(instr)) visit(instr, s);
  return out;
}
