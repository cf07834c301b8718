// CGD149: COPY or ADD to a relative destination in a stage that never set WORKDIR.
import type { Instruction } from '../../analyzers/dockerfile/types.ts';
import { dockerfileRef, hadolintRef, stageChain } from './support.ts';
import type { DockerfileRule } from './support.ts';

/** `/x`, `C:\x`, `c:/x`, and a destination from a variable (which may well be absolute). */
const NOT_RELATIVE = /^["']?(?:[/\\$]|[A-Za-z]:[\\/])/;

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD149',
    name: 'copy-relative-without-workdir',
    target: 'dockerfile',
    title: 'COPY to a relative path before any WORKDIR',
    description:
      'A relative destination is resolved against the working directory, which nothing in this stage sets: the ' +
      'files land wherever the base image happens to point (often `/`), and move when the base image changes.',
    severity: 'low',
    severityContext: ['Hygiene: the files still arrive, at a place the base image decides.'],
    category: 'maintainability',
    references: [dockerfileRef('#workdir'), hadolintRef('DL3045')],
    remediation: 'Set `WORKDIR /app` (an absolute path) before the COPY, or give the COPY an absolute destination.',
    equivalents: ['hadolint:DL3045'],
    tags: ['hygiene'],
    messages: { default: 'COPY to the relative path "{{dest}}" with no WORKDIR set in this stage.' },
    examples: {
      bad: ['FROM node:22-alpine\nCOPY package.json ./\n'],
      good: ['FROM node:22-alpine\nWORKDIR /app\nCOPY package.json ./\n'],
    },
  },
  check(doc, report) {
    const check = (instr: Instruction, anchored: boolean) => {
      const dest = instr.args[instr.args.length - 1];
      if (anchored || instr.args.length < 2 || !dest || NOT_RELATIVE.test(dest.raw)) return;
      report({ range: dest.range, data: { dest: dest.value } });
    };
    for (const stage of doc.stages) {
      // A WORKDIR in a stage this one builds on counts too.
      let anchored = stageChain(stage).slice(1).some((s) => s.instructions.some((i) => i.kind === 'WORKDIR'));
      for (const instr of stage.instructions) {
        if (instr.kind === 'WORKDIR') anchored = true;
        if ((instr.kind === 'COPY' || instr.kind === 'ADD') && !instr.json) check(instr, anchored);
      }
    }
    for (const instr of doc.instructions) if (!instr.stage && (instr.kind === 'COPY' || instr.kind === 'ADD') && !instr.json) check(instr, false);
  },
};
