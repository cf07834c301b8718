// CGD137: an empty line inside an instruction continued with `\`.
import { buildCheckRef } from './support.ts';
import type { DockerfileRule } from './support.ts';
import { dockerfileFix } from './fix.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD137',
    name: 'empty-continuation-line',
    target: 'dockerfile',
    title: 'Empty line inside a continued instruction',
    description:
      'Docker currently drops empty lines inside an instruction continued with `\\`, so an instruction that ' +
      'seems to end at a blank line silently swallows the next line (`RUN a \\` + blank + `b` runs `a b`). ' +
      'BuildKit deprecates this and will make it an error.',
    severity: 'low',
    severityContext: [
      'Docker drops the empty line today; deprecated, and a trap for readers.',
    ],
    category: 'correctness',
    references: [buildCheckRef('no-empty-continuation')],
    remediation: 'Remove the empty line, or end the instruction before it by deleting the trailing `\\`.',
    equivalents: ['buildkit:NoEmptyContinuation'],
    messages: { default: 'The instruction continues here past an empty continuation line (line {{empty}}).' },
    examples: {
      bad: ['FROM alpine:3.20\nRUN apk add --no-cache \\\n\n    curl\n'],
      good: ['FROM alpine:3.20\nRUN apk add --no-cache \\\n    curl\n'],
    },
  },
  check(doc, report) {
    for (const instr of doc.instructions) {
      // The continuation lines end where the instruction's own text ends (heredoc bodies come after).
      const lastOffset = instr.textEnd - 1;
      const first = instr.range.start_line;
      let last = first;
      while (last < doc.lineStarts.length && doc.lineStarts[last]! <= lastOffset) last++;
      // Reported where the instruction resumes after its empty lines, the line BuildKit names (once per resumption).
      for (let ln = first + 1; ln < last; ln++) {
        if (doc.lines[ln - 1]!.trim() !== '') continue;
        const empty = ln;
        let next = ln + 1;
        while (next < last && (doc.lines[next - 1]!.trim() === '' || doc.lines[next - 1]!.trimStart().startsWith('#'))) next++;
        const text = doc.lines[next - 1] ?? '';
        const indent = text.length - text.trimStart().length;
        // The fix deletes the empty lines (comment lines among them stay: Docker drops those itself).
        const blank: [number, number, string][] = [];
        for (let l = empty; l < next; l++) if (doc.lines[l - 1]!.trim() === '') blank.push([doc.lineStarts[l - 1]!, doc.lineStarts[l]!, '']);
        const fix = dockerfileFix(doc, 'Remove the empty lines.', blank);
        report({ range: { start_line: next, start_column: indent + 1, end_line: next, end_column: text.trimEnd().length + 1 }, data: { empty }, fix });
        ln = next;
      }
    }
  },
};
