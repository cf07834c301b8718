// CGD008: a stage cannot copy from itself.
import { dockerfileRef, hadolintRef } from './support.ts';
import type { DockerfileRule } from './support.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD008',
    name: 'copy-from-own-stage',
    target: 'dockerfile',
    title: 'COPY --from references its own stage',
    description: 'A stage cannot copy from itself: the build fails with a dependency cycle.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: the build fails with a dependency cycle.',
      'Trivy rates it critical and KICS low; a build that fails is blocking but not a security emergency, so high.',
    ],
    category: 'correctness',
    references: [dockerfileRef('#copy---from'), hadolintRef('DL3023')],
    remediation: 'Copy from the stage that produces the files, or drop `--from` to copy from the build context.',
    equivalents: ['hadolint:DL3023', 'trivy:DS006', 'kics:cdddb86f-95f6-4fc4-b5a1-483d9afceb2b'],
    messages: { default: 'COPY --from="{{name}}" references the stage it is in.' },
    examples: { bad: ['FROM alpine:3.20 AS app\nCOPY --from=app /a /b\n'], good: ['FROM alpine:3.20 AS build\nFROM alpine:3.20 AS app\nCOPY --from=build /a /b\n'] },
  },
  check(doc, report) {
    for (const s of doc.stages) {
      const own = s.name?.resolved.toLowerCase();
      for (const instr of s.instructions) {
        const value = instr.kind === 'COPY' ? instr.flags.find((f) => f.name === 'from')?.value : undefined;
        if (!value) continue;
        const name = value.resolved.toLowerCase();
        if (name === own || name === String(s.index)) report({ range: value.range, data: { name: value.resolved } });
      }
    }
  },
};
