// CGP008: compose disables the HEALTHCHECK the image defines.
import { get, getPair, text } from '../../analyzers/yaml/yaml-tree.ts';
import type { YNode } from '../../analyzers/yaml/yaml-tree.ts';
import type { Layer } from '../../project/types.ts';
import { isTrue, specUrl } from '../compose/support.ts';
import { dockerfileRef } from '../dockerfile/support.ts';
import { imageInstructions, resolvedBuilds } from './support.ts';
import type { ProjectRule } from './support.ts';

/** `healthcheck.<key>` from the nearest definition that sets it: Compose merges `healthcheck` key by key. */
function setting(layers: readonly Layer[], key: string): { file: string; node: YNode } | undefined {
  for (const l of layers) {
    const pair = getPair(get(l.service.node, 'healthcheck'), key);
    if (pair) return { file: l.compose.filename, node: pair.value };
  }
  return undefined;
}

/** What turns the health check off: `disable: true`, or a `test` of `NONE` / `["NONE"]`. */
function disabling(layers: readonly Layer[]): { file: string; node: YNode } | undefined {
  const disable = setting(layers, 'disable');
  if (disable && isTrue(disable.node)) return disable;
  const test = setting(layers, 'test');
  const first = test?.node.kind === 'seq' ? test.node.items[0] : test?.node;
  return text(first)?.toUpperCase() === 'NONE' ? test : undefined;
}

export const rule: ProjectRule = {
  meta: {
    id: 'CGP008',
    name: 'healthcheck-disabled-overrides-image',
    target: 'project',
    title: 'Compose disables the image\'s HEALTHCHECK',
    description:
      'The Dockerfile defines a HEALTHCHECK, but the compose file turns it off for the service built from it ' +
      '(`healthcheck: {disable: true}` or `test: ["NONE"]`). Docker then no longer notices when the service hangs, ' +
      'and `depends_on: {condition: service_healthy}` on it can never be satisfied.',
    severity: 'low',
    severityContext: [
      'Hardening (the policy names healthchecks): the image\'s check is switched off, often on purpose.',
    ],
    category: 'reliability',
    references: [specUrl('services#healthcheck'), dockerfileRef('#healthcheck')],
    remediation: 'Remove the override so the image\'s check applies, or replace it with a `healthcheck.test` that suits this deployment.',
    equivalents: [],
    messages: { default: 'Service "{{service}}" disables the HEALTHCHECK that {{file}} defines.' },
    examples: {
      bad: [[
        { filename: 'compose.yaml', content: 'services:\n  api:\n    build: .\n    healthcheck:\n      disable: true\n' },
        { filename: 'Dockerfile', content: 'FROM alpine:3.20\nUSER 10001\nHEALTHCHECK CMD ["/app/health"]\nCMD ["/app/server"]\n' },
      ]],
      good: [[
        { filename: 'compose.yaml', content: 'services:\n  api:\n    build: .\n    healthcheck:\n      interval: 10s\n' },
        { filename: 'Dockerfile', content: 'FROM alpine:3.20\nUSER 10001\nHEALTHCHECK CMD ["/app/health"]\nCMD ["/app/server"]\n' },
      ]],
    },
  },
  check(doc, report) {
    for (const b of resolvedBuilds(doc)) {
      const off = disabling(b.layers);
      const image = imageInstructions(b.stage, 'HEALTHCHECK')[0]?.healthcheck;
      if (off && image && !image.none) report({ file: off.file, range: off.node.range, data: { service: b.service.name, file: b.dockerfile!.filename } });
    }
  },
};
