// CGD141: COPY/ADD of several sources to a destination that does not end in `/`.
import { instructionsOf } from '../../analyzers/dockerfile/query.ts';
import { dockerfileRef, hadolintRef } from './support.ts';
import type { DockerfileRule } from './support.ts';
import { dockerfileFix, writtenAs } from './fix.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD141',
    name: 'copy-destination-slash',
    target: 'dockerfile',
    title: 'Several sources copied to a destination without a trailing `/`',
    description:
      'With more than one source, COPY and ADD need a directory as destination, written with a trailing slash; ' +
      'otherwise the build fails ("When using COPY with more than one source file, the destination must be a ' +
      'directory and end with a /").',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: Docker refuses several sources to a destination without `/`, so the build fails.',
      'hadolint rates it an error and Trivy critical.',
    ],
    category: 'correctness',
    references: [hadolintRef('DL3021'), dockerfileRef('#copy')],
    remediation: 'End the destination with a slash: `COPY package.json package-lock.json /app/`.',
    equivalents: ['hadolint:DL3021', 'trivy:DS011', 'kics:6db6e0c2-32a3-4a2e-93b5-72c35f4119db'],
    messages: { default: '{{kind}} has {{count}} sources, so the destination `{{dest}}` must end with `/`.' },
    examples: {
      bad: ['FROM node:22\nCOPY package.json package-lock.json /app\n'],
      good: ['FROM node:22\nCOPY package.json package-lock.json /app/\n'],
    },
  },
  check(doc, report) {
    for (const top of instructionsOf(doc, ['COPY', 'ADD'], true)) {
      const instr = top.onbuild ?? top;
      if (instr.kind !== 'COPY' && instr.kind !== 'ADD') continue;
      const words = instr.json ?? instr.args.map((w) => ({ ...w, value: w.unresolved.length > 0 ? '' : w.resolved }));
      const dest = words[words.length - 1];
      if (!dest || words.length < 3 || dest.value === '') continue;
      // `.` and `..` name directories already (BuildKit accepts `COPY a b .`).
      if (/(^|\/)\.{1,2}$/.test(dest.value) || dest.value.endsWith('/') || dest.value.endsWith('\\')) continue;
      const raw = instr.json ? undefined : instr.args[instr.args.length - 1]!.raw;
      const at = raw === undefined ? (doc.text[dest.end - 1] === '"' ? dest.end - 1 : -1) : writtenAs(doc, dest, raw) ? dest.end : -1;
      report({ range: dest.range, data: { kind: instr.kind, count: words.length - 1, dest: dest.value }, fix: at < 0 ? undefined : dockerfileFix(doc, 'End the destination with /.', [[at, at, '/']]) });
    }
  },
};
