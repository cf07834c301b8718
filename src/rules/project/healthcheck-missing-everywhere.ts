// CGP009: a published service whose health is checked neither by its image nor by the compose file.
import { specUrl } from '../compose/support.ts';
import { dockerfileRef } from '../dockerfile/support.ts';
import { imageInstructions, onHostNetwork, owner, resolvedBuilds, servicePorts } from './support.ts';
import type { ProjectRule } from './support.ts';

export const rule: ProjectRule = {
  meta: {
    id: 'CGP009',
    name: 'healthcheck-missing-everywhere',
    target: 'project',
    title: 'Published service without a health check in image or compose',
    description:
      'CGC025 (compose) and CGD131 (Dockerfile) each see one side; this finding confirms across the files that a ' +
      'service which publishes ports has no health check at all: the image built for it defines no HEALTHCHECK ' +
      'and the compose file sets no `healthcheck`. Information only, since those rules already cost the points; ' +
      'the base image may still define a check this submission cannot see.',
    severity: 'info',
    severityContext: [
      'Confirms CGC025 and CGD131 across files: informative.',
    ],
    category: 'reliability',
    references: [specUrl('services#healthcheck'), dockerfileRef('#healthcheck')],
    remediation: 'Add a HEALTHCHECK to the Dockerfile (every deployment benefits) or a `healthcheck` to the service.',
    equivalents: [],
    tags: ['hardening'],
    messages: { default: 'Service "{{service}}" publishes ports but neither {{file}} nor the compose file defines a health check.' },
    examples: {
      bad: [[
        { filename: 'compose.yaml', content: 'services:\n  web:\n    build: .\n    ports: ["127.0.0.1:8080:8080"]\n' },
        { filename: 'Dockerfile', content: 'FROM nginxinc/nginx-unprivileged:1.27\nEXPOSE 8080\n' },
      ]],
      good: [[
        { filename: 'compose.yaml', content: 'services:\n  web:\n    build: .\n    ports: ["127.0.0.1:8080:8080"]\n' },
        { filename: 'Dockerfile', content: 'FROM nginxinc/nginx-unprivileged:1.27\nEXPOSE 8080\nHEALTHCHECK CMD ["curl", "-fsS", "http://127.0.0.1:8080/"]\n' },
      ]],
    },
  },
  check(doc, report) {
    for (const b of resolvedBuilds(doc)) {
      const s = b.service;
      if (b.open || onHostNetwork(b.layers) || servicePorts(b.layers).length === 0) continue;
      if (owner(b.layers, 'healthcheck') || imageInstructions(b.stage, 'HEALTHCHECK').length > 0) continue;
      report({ file: b.compose.filename, range: s.keyRange, data: { service: s.name, file: b.dockerfile!.filename } });
    }
  },
};
