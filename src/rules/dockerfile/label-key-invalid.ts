// CGD150: a LABEL key that breaks Docker's label key format or uses a namespace Docker reserves.
import { instructionsOf } from '../../analyzers/dockerfile/query.ts';
import { dockerfileRef, hadolintRef } from './support.ts';
import type { DockerfileRule } from './support.ts';

const RESERVED = /^(?:com\.docker|io\.docker|org\.dockerproject)\./i;
/** Docker's recommendation: lower-case alphanumerics separated by single `.` or `-`, starting with a letter. */
const FORMAT = /^[a-z][a-z0-9]*(?:[.-][a-z0-9]+)*$/;

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD150',
    name: 'label-key-invalid',
    target: 'dockerfile',
    title: 'LABEL key in an invalid format or a reserved namespace',
    description:
      'Tools that read image labels (registries, scanners, orchestrators) expect keys of lower-case letters and ' +
      'digits separated by single dots or dashes, starting with a letter; other keys may be ignored or misread. The ' +
      '`com.docker.*`, `io.docker.*` and `org.dockerproject.*` namespaces are reserved for Docker\'s own use.',
    severity: 'low',
    severityContext: ['Hygiene: the image builds and runs; only tools reading the label may miss it.'],
    category: 'best-practice',
    references: ['https://docs.docker.com/engine/manage-resources/labels/#key-format-recommendations', dockerfileRef('#label'), hadolintRef('DL3048')],
    remediation: 'Use a reverse-DNS key of your own (`org.opencontainers.image.*` for the standard ones), in lower case.',
    equivalents: ['hadolint:DL3048'],
    tags: ['hygiene'],
    messages: {
      default: 'Label key "{{key}}" is not in the recommended format (lower-case letters and digits, single `.` or `-` between them, starting with a letter).',
      reserved: 'Label key "{{key}}" is in a namespace Docker reserves.',
    },
    examples: {
      bad: ['FROM alpine:3.20\nLABEL com.docker.app="x" version..major="1"\n'],
      good: ['FROM alpine:3.20\nLABEL org.opencontainers.image.version="1.2.0" maintainer="team@example.com"\n'],
    },
  },
  check(doc, report) {
    for (const top of instructionsOf(doc, ['LABEL'], true)) {
      const instr = top.onbuild ?? top;
      if (instr.kind !== 'LABEL') continue;
      for (const pair of instr.pairs) {
        const key = pair.key.value;
        // A key from a variable is known only at build time.
        if (pair.key.unresolved.length > 0 || key.includes('$')) continue;
        if (RESERVED.test(key)) report({ range: pair.key.range, messageId: 'reserved', data: { key } });
        else if (!FORMAT.test(key)) report({ range: pair.key.range, data: { key } });
      }
    }
  },
};
