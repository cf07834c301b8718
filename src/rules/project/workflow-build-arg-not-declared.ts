// CGP019: a workflow passes a build argument that no ARG of the Dockerfile it builds declares.
import { parseDockerfile } from '../../analyzers/dockerfile/parse.ts';
import { dockerfileRef } from '../dockerfile/support.ts';
import { PREDEFINED } from './build-arg-not-declared.ts';
import { once, place } from './support.ts';
import type { ProjectRule } from './support.ts';

const workflow = (arg: string) =>
  'on: push\npermissions:\n  contents: read\njobs:\n  image:\n    runs-on: ubuntu-24.04\n    timeout-minutes: 10\n    steps:\n' +
  '      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683\n' +
  `      - uses: docker/build-push-action@263435318d21b8e681c14492fe198d362a7d2c83\n        with:\n          build-args: |\n            ${arg}=22\n`;
const DOCKERFILE = 'ARG NODE_VERSION=20\nFROM node:${NODE_VERSION}-slim\nUSER node\nCMD ["node", "server.js"]\n';

export const rule: ProjectRule = {
  meta: {
    id: 'CGP019',
    name: 'workflow-build-arg-not-declared',
    target: 'project',
    title: 'Workflow build argument not declared in the Dockerfile',
    description:
      'A workflow builds a submitted Dockerfile with a build argument (a line of `docker/build-push-action`\'s ' +
      '`build-args:`, a `--build-arg` of `docker build` in a `run:` script) that no `ARG` of the Dockerfile declares ' +
      '(up to the `target` stage when one is given). Docker ignores it with a warning ("build-args were not ' +
      'consumed"): usually a typo or an argument a refactoring left behind, so the value the workflow means to set ' +
      'is silently not used. Predefined arguments (proxies, `BUILDKIT_*`, `SOURCE_DATE_EPOCH`) need no declaration. ' +
      'The workflow twin of CGP003.',
    severity: 'low',
    severityContext: [
      'Docker ignores the argument with a warning; usually a leftover (the workflow twin of CGP003).',
    ],
    category: 'correctness',
    references: ['https://github.com/docker/build-push-action#inputs', dockerfileRef('#arg')],
    remediation: 'Declare it where it is used (`ARG NODE_VERSION`), fix the name, or remove the unused argument from the workflow.',
    equivalents: [],
    messages: { default: 'Build argument "{{name}}" is not declared by any ARG {{where}}.' },
    examples: {
      bad: [[{ filename: '.github/workflows/image.yml', content: workflow('NODE_VERSON') }, { filename: 'Dockerfile', content: DOCKERFILE }]],
      good: [[{ filename: '.github/workflows/image.yml', content: workflow('NODE_VERSION') }, { filename: 'Dockerfile', content: DOCKERFILE }]],
    },
  },
  check(doc, report) {
    const first = once();
    for (const b of doc.workflowBuilds) {
      const file = b.file;
      if (file?.fileType !== 'dockerfile' || b.buildArgs.length === 0) continue;
      // What this build reads: ARGs of stages after its target are not consumed.
      const parsed = b.target === undefined ? file.parsed.doc : parseDockerfile(file.content, { buildArgs: new Map(), target: b.target.value }).doc;
      const declared = new Set(parsed.instructions.flatMap((i) => ((i.onbuild ?? i).kind === 'ARG' ? (i.onbuild ?? i).pairs.map((p) => p.key.value) : [])));
      for (const arg of b.buildArgs) {
        if (declared.has(arg.key) || PREDEFINED.test(arg.key) || !first(place(b.workflow.filename, arg.range))) continue;
        report({ file: b.workflow.filename, range: arg.range, data: { name: arg.key, where: b.target === undefined ? `in ${file.filename}` : `of ${file.filename} up to stage "${b.target.value}"` } });
      }
    }
  },
};
