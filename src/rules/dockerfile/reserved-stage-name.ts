// CGD012: `scratch` and `context` cannot name a stage.
import { buildCheckRef } from './support.ts';
import type { DockerfileRule } from './support.ts';

const RESERVED = new Set(['scratch', 'context']);

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD012',
    name: 'reserved-stage-name',
    target: 'dockerfile',
    title: 'Reserved word used as a stage name',
    description: '`scratch` (the empty image) and `context` (the build context) are reserved: a stage of that name cannot be referenced as intended.',
    severity: 'medium',
    severityContext: [
      'The stage cannot be referenced as intended, so `--from`/`--target` silently mean something else; a real bug, but only when something refers to the stage.',
    ],
    category: 'correctness',
    references: [buildCheckRef('reserved-stage-name')],
    remediation: 'Choose another stage name.',
    equivalents: ['buildkit:ReservedStageName', 'hadolint:DL3063'],
    messages: { default: '"{{name}}" is reserved and cannot name a stage.' },
    examples: { bad: ['FROM alpine:3.20 AS scratch\n'], good: ['FROM alpine:3.20 AS base\n'] },
  },
  check(doc, report) {
    for (const s of doc.stages) if (s.name && RESERVED.has(s.name.resolved.toLowerCase())) report({ range: s.name.range, data: { name: s.name.resolved } });
  },
};
