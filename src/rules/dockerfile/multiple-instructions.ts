// CGD125: more than one CMD, ENTRYPOINT or HEALTHCHECK in a stage: only the last one takes effect.
import { buildCheckRef, hadolintRef } from './support.ts';
import type { DockerfileRule } from './support.ts';
import { deleteInstruction } from './fix.ts';

const SINGLE = ['CMD', 'ENTRYPOINT', 'HEALTHCHECK'];

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD125',
    name: 'multiple-instructions',
    target: 'dockerfile',
    title: 'Several CMD, ENTRYPOINT or HEALTHCHECK instructions in one stage',
    description:
      'A stage has one command, one entrypoint and one health check: each CMD, ENTRYPOINT or HEALTHCHECK replaces ' +
      'the previous one, so all but the last are dead code that misleads readers about how the container starts.',
    severity: 'low',
    severityContext: [
      'Dead instructions mislead readers; the last one wins and the build works.',
      'Trivy rates repeated ENTRYPOINT/CMD critical; nothing breaks, so we say less.',
    ],
    category: 'correctness',
    references: [buildCheckRef('multiple-instructions-disallowed'), hadolintRef('DL4003'), hadolintRef('DL4004'), hadolintRef('DL3012')],
    remediation: 'Keep only the last instruction of each kind; chain commands in a script if several must run.',
    equivalents: ['buildkit:MultipleInstructionsDisallowed', 'hadolint:DL4003', 'hadolint:DL4004', 'hadolint:DL3012', 'trivy:DS007', 'trivy:DS016', 'trivy:DS023', 'kics:41c195f4-fc31-4a5c-8a1b-90605538d49f', 'kics:6938958b-3f1a-451c-909b-baeee14bdc97'],
    messages: { default: 'This {{kind}} is overridden by the {{kind}} on line {{line}}; only the last one in a stage takes effect.' },
    examples: {
      bad: ['FROM node:22\nCMD ["npm", "run", "migrate"]\nCMD ["node", "server.js"]\n'],
      good: ['FROM node:22\nCMD ["node", "server.js"]\n'],
    },
  },
  check(doc, report) {
    for (const stage of doc.stages) {
      // Most stages have at most one of each: count first, collect only when one repeats.
      const counts = [0, 0, 0];
      for (const i of stage.instructions) {
        const k = SINGLE.indexOf(i.kind);
        if (k !== -1) counts[k]!++;
      }
      if (counts.every((n) => n < 2)) continue;
      for (const kind of SINGLE) {
        const all = stage.instructions.filter((i) => i.kind === kind);
        const last = all[all.length - 1];
        for (const instr of all.slice(0, -1)) report({ range: instr.keyword.range, data: { kind, line: last!.range.start_line }, fix: deleteInstruction(doc, instr, `Remove this ${kind}: only the last one takes effect.`) });
      }
    }
  },
};
