// Fixes of Dockerfile rules (src/core/fix.ts): edits placed by the document's offsets. A fix is offered only where the
// text it edits is written in one piece as the model read it, so an edit never lands inside a continuation or a
// variable it did not see.
import { fixOf } from '../../core/fix.ts';
import type { Fix, FixSafety } from '../../core/fix.ts';
import type { CommandRef } from '../../analyzers/dockerfile/query.ts';
import type { AndOr, DockerfileDoc, Instruction, Script } from '../../analyzers/dockerfile/types.ts';

export function dockerfileFix(doc: DockerfileDoc, description: string, edits: readonly (readonly [number, number, string])[], safety: FixSafety = 'safe'): Fix {
  return fixOf(description, safety, doc.lineStarts, edits);
}

/** The span holds exactly `raw` in the file (no continuation, escape or substitution in between). */
export function writtenAs(doc: DockerfileDoc, span: { start: number; end: number }, raw: string): boolean {
  return span.end > span.start && doc.text.slice(span.start, span.end) === raw;
}

/** Inserts `text` right after a word written in one piece. */
export function insertAfter(doc: DockerfileDoc, word: { start: number; end: number; raw: string }, text: string, description: string, safety: FixSafety = 'safe'): Fix | undefined {
  return writtenAs(doc, word, word.raw) ? dockerfileFix(doc, description, [[word.end, word.end, text]], safety) : undefined;
}

/** Replaces a word written in one piece. */
export function replaceWord(doc: DockerfileDoc, word: { start: number; end: number; raw: string }, text: string, description: string, safety: FixSafety = 'safe'): Fix | undefined {
  return writtenAs(doc, word, word.raw) ? dockerfileFix(doc, description, [[word.start, word.end, text]], safety) : undefined;
}

/** Deletes a word written in one piece and the blank before it. */
export function deleteWord(doc: DockerfileDoc, word: { start: number; end: number; raw: string }, description: string, safety: FixSafety = 'safe'): Fix | undefined {
  if (!writtenAs(doc, word, word.raw)) return undefined;
  const before = doc.text[word.start - 1];
  if (before !== ' ' && before !== '\t') return undefined;
  return dockerfileFix(doc, description, [[word.start - 1, word.end, '']], safety);
}

/** The top-level scripts of a RUN: its shell form, or its heredoc scripts. */
function scriptsOf(instr: Instruction): Script[] {
  const run = instr.onbuild ?? instr;
  return [...(run.script ? [run.script] : []), ...run.heredocs.flatMap((h) => (h.script ? [h.script] : []))];
}

/** The last and-or list of the top-level script holding the command (not inside a subshell, `sh -c` or substitution). */
function lastListAfter(cmd: CommandRef): AndOr | undefined {
  for (const script of scriptsOf(cmd.instruction)) {
    const i = script.items.findIndex((item) => item.pipelines.some((p) => p.commands.some((c) => c === cmd.node)));
    if (i !== -1) return script.items[script.items.length - 1];
  }
  return undefined;
}

/** Appends `&& <cleanup>` to the end of the RUN script the command belongs to (after everything it runs), when the
 * command is a top-level one of the script. */
export function appendCleanup(doc: DockerfileDoc, cmd: CommandRef, cleanup: string, description: string): Fix | undefined {
  const list = lastListAfter(cmd);
  if (!list) return undefined;
  const last = doc.text[list.end - 1];
  if (last === undefined || /\s|&|;|\\/.test(last) || /^[ \t]*&(?!&)/.test(doc.text.slice(list.end, list.end + 80))) return undefined;
  return dockerfileFix(doc, description, [[list.end, list.end, ` && ${cleanup}`]]);
}

/** The offsets of an instruction's lines (line break included), when it has its lines to itself. */
export function instructionLines(doc: DockerfileDoc, instr: Instruction): [number, number] | undefined {
  const start = doc.lineStarts[doc.lineStarts.findLastIndex((s) => s <= instr.start)]!;
  if (doc.text.slice(start, instr.start).trim() !== '') return undefined;
  const lineEnd = doc.text.indexOf('\n', Math.max(instr.end - 1, instr.start));
  const end = lineEnd === -1 ? doc.text.length : lineEnd + 1;
  return doc.text.slice(instr.end, end).trim() === '' ? [start, end] : undefined;
}

/** Deletes a whole instruction, when it has its lines to itself. */
export function deleteInstruction(doc: DockerfileDoc, instr: Instruction, description: string): Fix | undefined {
  const lines = instructionLines(doc, instr);
  return lines ? dockerfileFix(doc, description, [[lines[0], lines[1], '']]) : undefined;
}
