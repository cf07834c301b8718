// CGD135: instruction keywords whose casing differs from the rest of the file.
import type { Instruction } from '../../analyzers/dockerfile/types.ts';
import { buildCheckRef } from './support.ts';
import type { DockerfileRule } from './support.ts';
import { replaceWord } from './fix.ts';

/** `raw === raw.toLowerCase()` without building the copy (keywords are ASCII but for typos). */
function isLower(raw: string): boolean {
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c > 127) return raw === raw.toLowerCase();
    if (c >= 65 && c <= 90) return false;
  }
  return true;
}

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD135',
    name: 'inconsistent-instruction-casing',
    target: 'dockerfile',
    title: 'Inconsistent instruction casing',
    description:
      'Instructions are case-insensitive, but mixing `RUN` with `run` (or writing `Run`) makes a Dockerfile ' +
      'harder to scan and to search. Keywords should all be uppercase (the convention) or all lowercase, ' +
      'following whichever the file uses most.',
    severity: 'info',
    severityContext: [
      'Style only.',
    ],
    category: 'maintainability',
    references: [buildCheckRef('consistent-instruction-casing')],
    remediation: 'Write every instruction keyword in the same case, preferably uppercase.',
    equivalents: ['buildkit:ConsistentInstructionCasing'],
    tags: ['hygiene'],
    messages: { default: '`{{keyword}}` should match the casing of the other instructions: `{{fixed}}`.' },
    examples: {
      bad: ['FROM alpine:3.20\nrun echo hi\nCMD ["sh"]\n'],
      good: ['FROM alpine:3.20\nRUN echo hi\nCMD ["sh"]\n'],
    },
  },
  check(doc, report) {
    // Keywords and the instructions they name (an ONBUILD's own, then the wrapped one's); `kind` is the keyword
    // upper-cased, so no keyword is case-converted unless it is reported.
    let lower = 0;
    let upper = 0;
    const count = (i: Instruction): void => {
      if (i.keyword.raw === i.kind) upper++;
      if (isLower(i.keyword.raw)) lower++;
    };
    for (const i of doc.instructions) {
      count(i);
      if (i.onbuild) count(i.onbuild);
    }
    // Ties go to uppercase, the documented convention.
    const toUpper = upper >= lower;
    const check = (i: Instruction): void => {
      const raw = i.keyword.raw;
      if (toUpper ? raw !== i.kind : !isLower(raw)) {
        const fixed = toUpper ? i.kind : raw.toLowerCase();
        report({ range: i.keyword.range, data: { keyword: raw, fixed }, fix: replaceWord(doc, i.keyword, fixed, `Write the keyword as ${fixed}.`) });
      }
    };
    for (const i of doc.instructions) {
      check(i);
      if (i.onbuild) check(i.onbuild);
    }
  },
};
