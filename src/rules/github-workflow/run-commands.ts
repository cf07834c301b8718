// The commands `run:` scripts execute, for the rules that read them (workflows here, composite actions in
// src/rules/github-action/): every simple command of each parsed POSIX script, through wrappers (`sudo`, `env`).
import { simpleCommands } from '../../analyzers/dockerfile/query.ts';
import type { Script, ShellWord, SimpleCommand } from '../../analyzers/dockerfile/types.ts';
import { baseName, commandStart, isWrapper } from '../../analyzers/dockerfile/wrappers.ts';
import { memo } from '../../analyzers/github-workflow/model.ts';
import type { GhaDoc, Step } from '../../analyzers/github-workflow/model.ts';

export interface RunCommand {
  step: Step;
  node: SimpleCommand;
  /** Command name without directory; '' for assignments or redirects only. */
  name: string;
  /** Words after the name. */
  args: ShellWord[];
}

/** A `RunCommand` made by a constructor (no allocation site for V8 to pretenure: see `StepObject` in the parser). */
class Command implements RunCommand {
  step: Step;
  node: SimpleCommand;
  name: string;
  args: ShellWord[];
  constructor(step: Step, node: SimpleCommand, name: string, args: ShellWord[]) {
    this.step = step;
    this.node = node;
    this.name = name;
    this.args = args;
  }
}

/** Every simple command of a parsed `run:` script of the document, in order: collected once per script for all the
 * rules that read them (the list is shared: never change it). */
export function scriptCommands(doc: GhaDoc, script: Script): readonly SimpleCommand[] {
  const byScript = memo(doc, scriptCommands, () => new Map<Script, readonly SimpleCommand[]>());
  let out = byScript.get(script);
  if (!out) byScript.set(script, (out = simpleCommands(script)));
  return out;
}

/** Every command of every parsed `run:` script of the file, in file order (computed once per document). */
export function runCommands(doc: GhaDoc): readonly RunCommand[] {
  return memo(doc, runCommands, () => collect(doc));
}

function collect(doc: GhaDoc): RunCommand[] {
  const out: RunCommand[] = [];
  for (const step of doc.steps) {
    if (!step.run?.script) continue;
    for (const node of scriptCommands(doc, step.run.script)) {
      // Most commands are no wrapper: no list of word values to build.
      const first = node.words[0];
      const at = first === undefined || !isWrapper(baseName(first.value)) ? 0 : commandStart(node.words.map((w) => w.value));
      const nameWord = node.words[at];
      out.push(new Command(step, node, nameWord ? baseName(nameWord.value) : '', node.words.slice(at + 1)));
    }
  }
  return out;
}

/** The first non-option word after the name: `install` of `npm --silent install x`. */
export function firstOperand(cmd: RunCommand): ShellWord | undefined {
  return cmd.args.find((w) => !w.value.startsWith('-'));
}
