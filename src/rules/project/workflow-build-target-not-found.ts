// CGP021: a workflow builds a target stage the submitted Dockerfile does not have.
import { dockerfileRef } from '../dockerfile/support.ts';
import { once, place } from './support.ts';
import type { ProjectRule } from './support.ts';

const workflow = (target: string) =>
  'on: push\npermissions:\n  contents: read\njobs:\n  image:\n    runs-on: ubuntu-24.04\n    timeout-minutes: 10\n    steps:\n' +
  '      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683\n' +
  `      - uses: docker/build-push-action@263435318d21b8e681c14492fe198d362a7d2c83\n        with:\n          target: ${target}\n`;
const DOCKERFILE = 'FROM golang:1.23 AS build\nRUN go build -o /app .\n\nFROM gcr.io/distroless/static-debian12:nonroot AS runtime\nCOPY --from=build /app /app\nCMD ["/app"]\n';

export const rule: ProjectRule = {
  meta: {
    id: 'CGP021',
    name: 'workflow-build-target-not-found',
    target: 'project',
    title: 'Workflow build target names no stage of the Dockerfile',
    description:
      'A workflow builds a submitted Dockerfile with a target stage (`docker/build-push-action`\'s `target:`, ' +
      '`docker build --target`) that no `FROM … AS <name>` of the Dockerfile names (compared without case): the ' +
      'build fails, typically after a stage was renamed in the Dockerfile but not in the workflow. Stage names made ' +
      'from build arguments are not judged. The workflow twin of CGP002.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: the build fails on a target no stage names (the workflow twin of CGP002).',
    ],
    category: 'correctness',
    references: ['https://github.com/docker/build-push-action#inputs', dockerfileRef('#from')],
    remediation: 'Name an existing stage, or name the stage in the Dockerfile: `FROM node:22 AS runtime`.',
    equivalents: [],
    messages: { default: 'Target "{{target}}" is not a stage of {{file}} (stages: {{stages}}): the build fails.' },
    examples: {
      bad: [[{ filename: '.github/workflows/image.yml', content: workflow('prod') }, { filename: 'Dockerfile', content: DOCKERFILE }]],
      good: [[{ filename: '.github/workflows/image.yml', content: workflow('runtime') }, { filename: 'Dockerfile', content: DOCKERFILE }]],
    },
  },
  check(doc, report) {
    const first = once();
    for (const b of doc.workflowBuilds) {
      const file = b.file;
      if (file?.fileType !== 'dockerfile' || !b.target || file.parsed.syntaxErrors.length > 0) continue;
      const names = file.parsed.doc.stages.map((s) => s.name);
      if (names.some((n) => n?.value.includes('$'))) continue;
      const stages = names.flatMap((n) => (n ? [n.resolved] : []));
      if (stages.some((s) => s.toLowerCase() === b.target!.value.toLowerCase()) || !first(place(b.workflow.filename, b.target.range))) continue;
      report({ file: b.workflow.filename, range: b.target.range, data: { target: b.target.value, file: file.filename, stages: stages.join(', ') || 'none named' } });
    }
  },
};
