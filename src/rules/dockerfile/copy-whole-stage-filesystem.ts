// CGD155: COPY --from=<stage> / /: the whole filesystem of another stage copied over this one.
import { instructionsOf } from '../../analyzers/dockerfile/query.ts';
import { dockerfileRef, hadolintRef } from './support.ts';
import type { DockerfileRule } from './support.ts';

const ROOT = /^["']?\/+["']?$/;

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD155',
    name: 'copy-whole-stage-filesystem',
    target: 'dockerfile',
    title: 'COPY of a whole stage\'s filesystem onto the root',
    description:
      '`COPY --from=build / /` copies everything the other stage holds (its compilers, caches, package databases ' +
      'and secrets left behind) over this one: the point of a multi-stage build, shipping only the output, is lost, ' +
      'and the files of this stage\'s base image are overwritten. Into a `FROM scratch` stage it is the squash ' +
      'pattern (the other stage flattened into one layer), which is not reported.',
    severity: 'low',
    severityContext: ['Hygiene: the image is as large as the build stage; a secret left in that stage would ship, which the file cannot show.'],
    category: 'best-practice',
    references: [dockerfileRef('#copy---from'), hadolintRef('DL3067')],
    remediation: 'Copy only what the image needs: `COPY --from=build /out/app /usr/local/bin/app`.',
    equivalents: ['hadolint:DL3067'],
    tags: ['hygiene'],
    messages: { default: 'COPY --from={{from}} copies the whole filesystem of that stage: copy only its output.' },
    examples: {
      bad: ['FROM golang:1.23 AS build\nRUN go build -o /out/app .\nFROM alpine:3.20\nCOPY --from=build / /\n'],
      good: ['FROM golang:1.23 AS build\nRUN go build -o /out/app .\nFROM alpine:3.20\nCOPY --from=build /out/app /usr/local/bin/app\n'],
    },
  },
  check(doc, report) {
    // Only a stage of this file: `COPY --from=<image> / /` of an image made to be copied whole (tools shipped in a
    // `FROM scratch` image) is that image's design.
    const stages = new Set(doc.stages.flatMap((s) => [String(s.index), ...(s.name ? [s.name.value.toLowerCase()] : [])]));
    for (const top of instructionsOf(doc, ['COPY'], true)) {
      const instr = top.onbuild ?? top;
      const from = instr.kind === 'COPY' ? instr.flags.find((f) => f.name === 'from') : undefined;
      if (!from?.value || !stages.has(from.value.resolved.toLowerCase()) || instr.args.length !== 2 || !instr.args.every((w) => ROOT.test(w.raw))) continue;
      // Into `FROM scratch` it is the squash pattern: one layer holding the other stage, on purpose.
      if (top.stage?.image?.scratch) continue;
      report({ range: instr.args[0]!.range, data: { from: from.value.value } });
    }
  },
};
