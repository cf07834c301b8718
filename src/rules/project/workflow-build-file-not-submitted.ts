// CGP018: a workflow builds from a Dockerfile or Compose file that a submitted repository tree does not hold.
import { ghDocs } from '../github-workflow/support.ts';
import { dockerfileRef } from '../dockerfile/support.ts';
import { projectPath } from '../../project/paths.ts';
import { workflowRoot } from '../../project/workflows.ts';
import { once, place } from './support.ts';
import type { ProjectRule } from './support.ts';

const WORKFLOW = '.github/workflows/image.yml';
const DOCKERFILE = 'FROM alpine:3.20\nUSER 10001\nCMD ["/app"]\n';
const workflow = (file: string) =>
  `on: push\npermissions:\n  contents: read\njobs:\n  image:\n    runs-on: ubuntu-24.04\n    timeout-minutes: 10\n    steps:\n      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683\n      - run: docker build -f ${file} .\n`;

/** Whether `dir` holds `path` (`.` holds every relative path). */
function inside(dir: string, path: string): boolean {
  return dir === '.' || path === dir || path.startsWith(`${dir}/`);
}

export const rule: ProjectRule = {
  meta: {
    id: 'CGP018',
    name: 'workflow-build-file-not-submitted',
    target: 'project',
    title: 'Workflow builds a file the repository does not hold',
    description:
      'A workflow step builds an image from a Dockerfile (`docker/build-push-action` `file:` or `context:`, ' +
      '`docker build -f X ctx`) or runs Compose with `docker compose -f X`, and the submission, which is the ' +
      'repository tree the workflow runs in, has no file at that path: the path is probably wrong, and the job fails ' +
      'when it reaches the step. Paths are read as the runner reads them — from the repository root (the part of the ' +
      'workflow\'s name before `.github/workflows/`), a `run:` script\'s from its `working-directory`. The rule says ' +
      'nothing when it cannot tell: only when the submission holds another Dockerfile or Compose file under the same ' +
      'root (the files of a repository, as the CLI finds them in a directory, not a workflow sent alone), only when ' +
      'the missing file\'s name is one the CLI would have found, and never for a job that checks out another ' +
      'repository or into a sub-path, or for paths written with expressions or variables. A file an earlier step ' +
      'generates is not seen: the severity is medium, not more.',
    severity: 'medium',
    severityContext: [
      'The workflow\'s build fails when the file is missing, unless an earlier step writes or checks it out, which the files cannot show: a real risk, should fix.',
    ],
    category: 'correctness',
    references: [ghDocs('reference/workflows-and-actions/workflow-syntax#jobsjob_idstepsrun'), 'https://github.com/docker/build-push-action#inputs', dockerfileRef('')],
    remediation: 'Fix the path (relative to the repository root, or to the step\'s `working-directory` in a `run:` script), or submit the file it names.',
    equivalents: [],
    messages: {
      default: 'This {{via}} step builds from "{{path}}", which is not in the submitted repository: the path looks wrong, and the build would fail.',
      compose: 'This {{via}} step reads the Compose file "{{path}}", which is not in the submitted repository: the path looks wrong, and the step would fail.',
    },
    examples: {
      bad: [[{ filename: WORKFLOW, content: workflow('docker/Dockerfile.prod') }, { filename: 'Dockerfile', content: DOCKERFILE }]],
      good: [[{ filename: WORKFLOW, content: workflow('docker/Dockerfile.prod') }, { filename: 'docker/Dockerfile.prod', content: DOCKERFILE }]],
    },
  },
  check(doc, report) {
    const first = once();
    const submitted = new Set(doc.files.map((f) => projectPath(f.filename)));
    const buildFiles = doc.files.filter((f) => f.fileType === 'dockerfile' || f.fileType === 'compose').map((f) => projectPath(f.filename));
    for (const b of doc.workflowBuilds) {
      if (b.path === undefined || b.file || submitted.has(b.path)) continue;
      const root = workflowRoot(b.workflow.filename);
      if (!inside(root, b.path) || !buildFiles.some((p) => inside(root, p))) continue;
      if (doc.typeByName(b.path) !== (b.kind === 'compose' ? 'compose' : 'dockerfile')) continue;
      if (!first(place(b.workflow.filename, b.at))) continue;
      report({ file: b.workflow.filename, range: b.at, ...(b.kind === 'compose' ? { messageId: 'compose' } : {}), data: { via: b.via, path: b.path } });
    }
  },
};
