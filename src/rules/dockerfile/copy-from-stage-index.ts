// CGD157: COPY --from=<number>: a stage named by its position.
import { instructionsOf } from '../../analyzers/dockerfile/query.ts';
import { dockerfileRef } from './support.ts';
import type { DockerfileRule } from './support.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD157',
    name: 'copy-from-stage-index',
    target: 'dockerfile',
    title: 'COPY --from names a stage by its index',
    description:
      '`COPY --from=0` refers to the first stage by position: adding or reordering a stage silently makes it copy ' +
      'from another one. `FROM … AS build` and `--from=build` keep the reference right.',
    severity: 'low',
    severityContext: ['Hygiene: correct today; it breaks when the stages change.'],
    category: 'maintainability',
    references: [dockerfileRef('#copy---from'), 'https://docs.docker.com/build/building/multi-stage/#name-your-build-stages'],
    remediation: 'Name the stage (`FROM golang:1.23 AS build`) and copy with `--from=build`.',
    equivalents: ['kics:68a51e22-ae5a-4d48-8e87-b01a323605c9'],
    tags: ['hygiene'],
    messages: { default: 'COPY --from={{index}} names a stage by its position: name the stage and use that name.' },
    examples: {
      bad: ['FROM golang:1.23\nRUN go build -o /app .\nFROM alpine:3.20\nCOPY --from=0 /app /app\n'],
      good: ['FROM golang:1.23 AS build\nRUN go build -o /app .\nFROM alpine:3.20\nCOPY --from=build /app /app\n'],
    },
  },
  check(doc, report) {
    for (const top of instructionsOf(doc, ['COPY'], true)) {
      const instr = top.onbuild ?? top;
      const from = instr.kind === 'COPY' ? instr.flags.find((f) => f.name === 'from') : undefined;
      if (from?.value && /^\d+$/.test(from.value.resolved)) report({ range: from.value.range, data: { index: from.value.resolved } });
    }
  },
};
