// CGD013: FROM naming a stage that is only defined further down.
import { dockerfileRef, stagesByName } from './support.ts';
import type { DockerfileRule } from './support.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD013',
    name: 'from-later-stage',
    target: 'dockerfile',
    title: 'FROM refers to a stage defined later',
    description:
      'Stages can only build on earlier stages. A FROM naming a stage defined further down is read as an image ' +
      'name and pulled from a registry: the build uses an unrelated (possibly attacker-published) image.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: the later stage\'s name is pulled from a registry as an image, so the build uses an unrelated (possibly attacker-published) image.',
    ],
    category: 'correctness',
    references: [dockerfileRef('#from')],
    remediation: 'Move the referenced stage above this one.',
    equivalents: [],
    messages: { default: '"{{name}}" is a stage defined later (line {{line}}); here it is pulled as an image.' },
    examples: { bad: ['FROM base\nRUN true\nFROM alpine:3.20 AS base\n'], good: ['FROM alpine:3.20 AS base\nFROM base\n'] },
  },
  check(doc, report) {
    for (const s of doc.stages) {
      const image = s.image;
      if (!image || !s.imageWord || image.stage || image.tag || image.digest) continue;
      const lower = image.text.toLowerCase();
      const later = stagesByName(doc).get(lower)?.find((o) => o.index > s.index);
      if (later) report({ range: s.imageWord.range, data: { name: image.text, line: later.from.range.start_line } });
    }
  },
};
