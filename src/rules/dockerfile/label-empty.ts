// CGD152: a LABEL with an empty value.
import { instructionsOf } from '../../analyzers/dockerfile/query.ts';
import { dockerfileRef, hadolintRef } from './support.ts';
import type { DockerfileRule } from './support.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD152',
    name: 'label-empty',
    target: 'dockerfile',
    title: 'LABEL with an empty value',
    description:
      'A label set to an empty string says nothing: usually a placeholder never filled in, or a build argument that ' +
      'was not passed (`LABEL org.opencontainers.image.revision=$GIT_SHA` without `--build-arg GIT_SHA`). Tools ' +
      'that read the label get an empty value instead of none.',
    severity: 'info',
    severityContext: ['Hygiene: nothing breaks; the label carries no information.'],
    category: 'best-practice',
    references: [dockerfileRef('#label'), hadolintRef('DL3051')],
    remediation: 'Give the label a value, pass the build argument it reads (with a default in the ARG), or remove it.',
    equivalents: ['hadolint:DL3051'],
    tags: ['hygiene'],
    messages: {
      default: 'Label "{{key}}" is empty.',
      fromVariable: 'Label "{{key}}" is empty unless the build passes {{variables}}.',
    },
    examples: {
      bad: ['FROM alpine:3.20\nLABEL org.opencontainers.image.description=""\n'],
      good: ['FROM alpine:3.20\nARG VERSION=dev\nLABEL org.opencontainers.image.version=$VERSION\n'],
    },
  },
  check(doc, report) {
    for (const top of instructionsOf(doc, ['LABEL'], true)) {
      const instr = top.onbuild ?? top;
      if (instr.kind !== 'LABEL') continue;
      for (const pair of instr.pairs) {
        const value = pair.value;
        if (!value || value.resolved.trim() !== '') continue;
        const key = pair.key.value;
        if (value.unresolved.length > 0) report({ range: value.range, messageId: 'fromVariable', data: { key, variables: value.unresolved.join(', ') } });
        else report({ range: value.start === value.end ? pair.key.range : value.range, data: { key } });
      }
    }
  },
};
