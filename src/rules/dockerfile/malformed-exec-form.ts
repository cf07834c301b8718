// CGD126: an argument list that looks like a JSON array but is not one, so Docker silently uses shell form.
import { dockerfileRef } from './support.ts';
import type { DockerfileRule } from './support.ts';
import { dockerfileFix, writtenAs } from './fix.ts';
import type { Fix } from '../../core/fix.ts';
import type { DockerfileDoc, Instruction } from '../../analyzers/dockerfile/types.ts';

/** A list of single-quoted words with nothing to escape, written as the JSON array it was meant to be. */
const SINGLE_QUOTED = /^\[\s*'[^'"\\]*'(?:\s*,\s*'[^'"\\]*')*\s*\]$/;

function doubleQuoted(doc: DockerfileDoc, instr: Instruction, text: string): Fix | undefined {
  const span = instr.argsSpan!;
  if (!SINGLE_QUOTED.test(text) || !writtenAs(doc, span, instr.argsText)) return undefined;
  const at = span.start + instr.argsText.length - text.length;
  return dockerfileFix(doc, 'Write the exec form as JSON (double quotes).', [[at, span.end, text.replace(/'/g, '"')]]);
}

const EXEC_FORM = ['RUN', 'CMD', 'ENTRYPOINT', 'VOLUME', 'COPY', 'ADD', 'HEALTHCHECK'];

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD126',
    name: 'malformed-exec-form',
    target: 'dockerfile',
    title: 'Exec form that is not valid JSON',
    description:
      'Docker only treats arguments as exec form when they are a valid JSON array of double-quoted strings. ' +
      "Anything else — single quotes (`['node', 'app.js']`), a trailing comma, unescaped backslashes — is " +
      'silently run in shell form: `/bin/sh -c "[\'node\', \'app.js\']"` fails when the container starts, and ' +
      'VOLUME, COPY or ADD use the brackets and quotes as literal paths.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: the command silently runs as a shell string and the container fails to start (a bug that breaks the run).',
    ],
    category: 'correctness',
    references: [dockerfileRef('#shell-and-exec-form')],
    remediation: 'Write a valid JSON array with double quotes and escaped backslashes: `CMD ["node", "app.js"]`.',
    equivalents: ['kics:b86987e1-6397-4619-81d5-8807f2387c79'],
    messages: { default: 'This is not a valid JSON array, so {{kind}} runs it in shell form; use double quotes: ["a", "b"].' },
    examples: {
      bad: ["FROM node:22\nCMD ['node', 'app.js']\n"],
      good: ['FROM node:22\nCMD ["node", "app.js"]\n'],
    },
  },
  check(doc, report) {
    for (const top of doc.instructions) {
      const instr = top.onbuild ?? top;
      if (!EXEC_FORM.includes(instr.kind) || instr.json || !instr.argsSpan) continue;
      const text = instr.kind === 'HEALTHCHECK' ? instr.argsText.replace(/^CMD\s+/i, '') : instr.argsText;
      // `RUN [ -f x ] && …` and `RUN [ "$A" = b ]` are shell tests, not arrays: require a quoted string right after the
      // bracket followed by a comma or the closing bracket, or a bracketed list of words with commas and nothing after
      // it (`CMD [python, app.py]`: the quotes forgotten).
      const array = /^\[\s*(["'])(?:(?!\1).)*\1\s*[,\]]/.test(text) || /^\[[^\]\s-][^\]]*,[^\]]*\]$/.test(text.trim());
      if (!array || instr.healthcheck?.none) continue;
      // For HEALTHCHECK point past `CMD`, at the array itself: from its first word, which a line continuation may put
      // on a later line than `CMD`.
      const first = instr.kind === 'HEALTHCHECK' ? instr.args[1]?.range : undefined;
      const range = first ? { ...instr.argsSpan.range, start_line: first.start_line, start_column: first.start_column } : instr.argsSpan.range;
      report({ range, data: { kind: instr.kind }, fix: doubleQuoted(doc, instr, text) });
    }
  },
};
