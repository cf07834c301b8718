// Log commands (`::set-output name=x::v`) printed by `run:` scripts: shared by the workflow and action rules.
import { offsetAt } from '../../analyzers/dockerfile/source.ts';
import type { GhaDoc } from '../../analyzers/github-workflow/model.ts';
import type { Reporter } from '../../core/rule.ts';
import { workflowCommandFix } from './fix.ts';
import { scriptCommands } from './run-commands.ts';
import type { Fix } from '../../core/fix.ts';

const COMMAND = /::(set-output|save-state|set-env|add-path)\b/;
const COMMAND_ALL = /::(set-output|save-state|set-env|add-path)\b/g;
const PRINTERS = new Set(['echo', 'printf', 'cat']);

/** Reports each deprecated or disabled log command a `run:` script prints: in the words of `echo`/`printf` of a
 * parsed POSIX script (so comments are not read), anywhere in the text of other shells' scripts. */
export function reportWorkflowCommands(doc: GhaDoc, report: Reporter): void {
  for (const step of doc.steps) {
    const run = step.run;
    if (!run) continue;
    const emit = (command: string, range: Parameters<Reporter>[0]['range'], fix?: Fix) =>
      command === 'set-env' || command === 'add-path'
        ? report({ range, messageId: 'disabled', data: { command }, severity: 'high', fix })
        : report({ range, messageId: 'deprecated', data: { command }, fix });
    if (run.script) {
      for (const c of scriptCommands(doc, run.script)) {
        const name = c.words[0]?.value;
        if (name === undefined || !PRINTERS.has(name)) continue;
        for (const w of c.words.slice(1)) {
          const m = COMMAND.exec(w.value);
          if (m) emit(m[1]!, w.range, workflowCommandFix(doc, c, m[1]!));
        }
      }
    } else {
      for (const m of run.source.text.matchAll(COMMAND_ALL)) {
        const start = offsetAt(run.source, m.index);
        emit(m[1]!, doc.pos.range(start, offsetAt(run.source, m.index + m[0].length - 1) + 1));
      }
    }
  }
}
