// CGP001: a compose build reads a Dockerfile the submission does not contain, so it was not analyzed.
import { specUrl } from '../compose/support.ts';
import { once, place } from './support.ts';
import type { ProjectRule } from './support.ts';

export const rule: ProjectRule = {
  meta: {
    id: 'CGP001',
    name: 'build-dockerfile-not-submitted',
    target: 'project',
    title: 'Built Dockerfile not submitted',
    description:
      'A service is built from a Dockerfile that is not among the submitted files, so neither the Dockerfile nor ' +
      'the checks between it and the compose file (users, ports, health checks, build arguments) ran. Paths are ' +
      'resolved as Compose does: `context` relative to the compose file, `dockerfile` relative to the context. ' +
      'This is information, not a penalty: submitting only a compose file is legitimate.',
    severity: 'info',
    severityContext: [
      'A coverage note: what was not analysed.',
    ],
    category: 'best-practice',
    references: [specUrl('build#context'), specUrl('build#dockerfile')],
    remediation: 'Submit the Dockerfile under the path the message names (relative to the same root as the compose file) to have it analyzed with the build.',
    equivalents: [],
    messages: { default: 'Service "{{service}}" is built from "{{path}}", which was not submitted: it was not analyzed.' },
    examples: {
      bad: [[{ filename: 'compose.yaml', content: 'services:\n  api:\n    build: ./api\n' }]],
      good: [[
        { filename: 'compose.yaml', content: 'services:\n  api:\n    build: ./api\n' },
        { filename: 'api/Dockerfile', content: 'FROM alpine:3.20\nUSER 10001\nCMD ["/app"]\n' },
      ]],
    },
  },
  check(doc, report) {
    const first = once();
    for (const b of doc.builds) {
      if (b.path !== undefined && !b.dockerfile && first(place(b.pathAt.file, b.pathAt.range))) report({ file: b.pathAt.file, range: b.pathAt.range, data: { service: b.service.name, path: b.path } });
    }
  },
};
