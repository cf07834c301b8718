// CGP008: compose disables the HEALTHCHECK the image defines.
import { get, getPair, text } from '../../analyzers/compose/yaml-tree.ts';
import type { YNode } from '../../analyzers/compose/yaml-tree.ts';
import { isTrue, specUrl } from '../compose/support.ts';
import { dockerfileRef } from '../dockerfile/support.ts';
import { imageInstructions, owner, resolvedBuilds } from './support.ts';
import type { ProjectRule } from './support.ts';

/** The node that turns the health check off: `disable: true`, or a `test` of `NONE` / `["NONE"]`. */
function disabling(healthcheck: YNode | undefined): YNode | undefined {
  const disable = getPair(healthcheck, 'disable');
  if (disable && isTrue(disable.value)) return disable.value;
  const test = get(healthcheck, 'test');
  const first = test?.kind === 'seq' ? test.items[0] : test;
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
    severity: 'medium',
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
      const node = disabling(get(owner(b.service, 'healthcheck')?.node, 'healthcheck'));
      const image = imageInstructions(b.stage, 'HEALTHCHECK')[0]?.healthcheck;
      if (node && image && !image.none) report({ file: b.compose.filename, range: node.range, data: { service: b.service.name, file: b.dockerfile!.filename } });
    }
  },
};
