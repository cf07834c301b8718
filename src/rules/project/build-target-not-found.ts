// CGP002: `build.target` names a stage the Dockerfile does not have.
import { specUrl } from '../compose/support.ts';
import { dockerfileRef } from '../dockerfile/support.ts';
import { once, place } from './support.ts';
import type { ProjectRule } from './support.ts';

export const rule: ProjectRule = {
  meta: {
    id: 'CGP002',
    name: 'build-target-not-found',
    target: 'project',
    title: 'Build target names no stage of the Dockerfile',
    description:
      '`docker compose build` fails when `target` names no `FROM … AS <name>` stage of the Dockerfile (stage ' +
      'names compare case-insensitively), typically after a stage was renamed in the Dockerfile but not in the ' +
      'compose file.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: `docker compose build` fails.',
    ],
    category: 'correctness',
    references: [specUrl('build#target'), dockerfileRef('#from')],
    remediation: 'Name an existing stage in `target`, or name the stage in the Dockerfile: `FROM node:22 AS runtime`.',
    equivalents: [],
    messages: { default: 'Target "{{target}}" of service "{{service}}" is not a stage of {{file}} (stages: {{stages}}).' },
    examples: {
      bad: [[
        { filename: 'compose.yaml', content: 'services:\n  api:\n    build:\n      context: .\n      target: prod\n' },
        { filename: 'Dockerfile', content: 'FROM golang:1.23 AS build\nRUN go build -o /app .\n\nFROM gcr.io/distroless/static:nonroot AS runtime\nCOPY --from=build /app /app\nCMD ["/app"]\n' },
      ]],
      good: [[
        { filename: 'compose.yaml', content: 'services:\n  api:\n    build:\n      context: .\n      target: runtime\n' },
        { filename: 'Dockerfile', content: 'FROM golang:1.23 AS build\nRUN go build -o /app .\n\nFROM gcr.io/distroless/static:nonroot AS runtime\nCOPY --from=build /app /app\nCMD ["/app"]\n' },
      ]],
    },
  },
  check(doc, report) {
    const first = once();
    for (const b of doc.builds) {
      const target = b.build.target;
      if (!b.doc || b.stage || b.config.target === undefined || !target || !first(place(target.file, target.range))) continue;
      const stages = b.doc.stages.flatMap((s) => (s.name ? [s.name.resolved] : []));
      report({ file: target.file, range: target.range, data: { target: target.value, service: b.service.name, file: b.path!, stages: stages.join(', ') || 'none named' } });
    }
  },
};
