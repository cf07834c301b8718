// CGD135: instruction keywords whose casing differs from the rest of the file.
import type { Instruction } from '../../analyzers/dockerfile/types.ts';
import { buildCheckRef } from './support.ts';
import type { DockerfileRule } from './support.ts';

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
    category: 'maintainability',
    references: [buildCheckRef('consistent-instruction-casing')],
    remediation: 'Write every instruction keyword in the same case, preferably uppercase.',
    equivalents: ['buildkit:ConsistentInstructionCasing'],
    messages: { default: '`{{keyword}}` should match the casing of the other instructions: `{{fixed}}`.' },
    examples: {
      bad: ['FROM alpine:3.20\nrun echo hi\nCMD ["sh"]\n'],
      good: ['FROM alpine:3.20\nRUN echo hi\nCMD ["sh"]\n'],
    },
  },
  check(doc, report) {
    const keywords: Instruction['keyword'][] = [];
    for (const i of doc.instructions) {
      keywords.push(i.keyword);
      if (i.onbuild) keywords.push(i.onbuild.keyword);
    }
    const lower = keywords.filter((k) => k.raw === k.raw.toLowerCase()).length;
    const upper = keywords.filter((k) => k.raw === k.raw.toUpperCase()).length;
    // Ties go to uppercase, the documented convention.
    const toUpper = upper >= lower;
    for (const k of keywords) {
      const fixed = toUpper ? k.raw.toUpperCase() : k.raw.toLowerCase();
      if (k.raw !== fixed) report({ range: k.range, data: { keyword: k.raw, fixed } });
    }
  },
};
