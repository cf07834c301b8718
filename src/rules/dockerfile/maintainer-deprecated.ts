// CGD134: the deprecated MAINTAINER instruction.
import { buildCheckRef, dockerfileRef, hadolintRef } from './support.ts';
import type { DockerfileRule } from './support.ts';
import { dockerfileFix } from './fix.ts';
import type { Fix } from '../../core/fix.ts';
import type { DockerfileDoc, Instruction } from '../../analyzers/dockerfile/types.ts';

/** `LABEL org.opencontainers.image.authors="…"` in its place, when the text needs no escaping (no quote, backslash
 * or `$`, which a label would expand) and is on one line. */
function asLabel(doc: DockerfileDoc, instr: Instruction): Fix | undefined {
  const span = instr.argsSpan;
  if (!span || /["\\$\u0000-\u001f\u007f]/.test(instr.argsText) || span.range.start_line !== span.range.end_line) return undefined;
  const keyword = instr.keyword.raw === 'MAINTAINER' ? 'LABEL' : 'label';
  return dockerfileFix(doc, 'Replace MAINTAINER with the OCI authors label.', [[instr.keyword.start, span.end, `${keyword} org.opencontainers.image.authors="${instr.argsText}"`]]);
}

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD134',
    name: 'maintainer-deprecated',
    target: 'dockerfile',
    title: 'MAINTAINER is deprecated',
    description:
      'MAINTAINER has been deprecated since Docker 1.13: it fills a legacy image field that tools no longer read. ' +
      'The standard OCI label `org.opencontainers.image.authors` carries the same information where registries ' +
      'and scanners look for it.',
    severity: 'info',
    severityContext: [
      'Deprecated metadata only.',
      'Trivy rates it high and hadolint an error; it has no effect on the image\'s behaviour.',
    ],
    category: 'maintainability',
    references: [buildCheckRef('maintainer-deprecated'), hadolintRef('DL4000'), dockerfileRef('#maintainer-deprecated')],
    remediation: 'Replace it with a label: `LABEL org.opencontainers.image.authors="team@example.com"`.',
    equivalents: ['buildkit:MaintainerDeprecated', 'hadolint:DL4000', 'trivy:DS022', 'checkov:CKV_DOCKER_6', 'kics:99614418-f82b-4852-a9ae-5051402b741c'],
    tags: ['hygiene'],
    messages: { default: 'MAINTAINER is deprecated; use `LABEL org.opencontainers.image.authors=…` instead.' },
    examples: {
      bad: ['FROM alpine:3.20\nMAINTAINER Jane Doe <jane@example.com>\n'],
      good: ['FROM alpine:3.20\nLABEL org.opencontainers.image.authors="jane@example.com"\n'],
    },
  },
  check(doc, report) {
    for (const instr of doc.instructions) if (instr.kind === 'MAINTAINER') report({ range: instr.keyword.range, fix: asLabel(doc, instr) });
  },
};
