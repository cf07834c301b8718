// CGW062: a pipeline in a `run:` script under GitHub's default bash, which runs without `pipefail`.
import type { GhaRule } from './support.ts';
import { WORKFLOW_SYNTAX } from './support.ts';
import { get } from '../../analyzers/yaml/yaml-tree.ts';

export const rule: GhaRule = {
  meta: {
    id: 'CGW062',
    name: 'pipeline-without-pipefail',
    target: 'github-workflow',
    title: 'Pipeline whose failures the default shell hides',
    description:
      'A `run:` step without `shell:` (and no `defaults.run.shell`) runs as `bash -e {0}`: without `pipefail`, so ' +
      '`make test | tee test.log` succeeds when the tests fail, and the step is green. With `shell: bash` GitHub ' +
      'runs `bash --noprofile --norc -eo pipefail {0}`. Hygiene: low.',
    severity: 'low',
    tags: ['hygiene'],
    category: 'correctness',
    references: [`${WORKFLOW_SYNTAX}#defaultsrunshell`, `${WORKFLOW_SYNTAX}#exit-codes-and-error-action-preference`],
    remediation: 'Set `defaults: { run: { shell: bash } }` on the workflow (or `shell: bash` on the step): GitHub then adds `-o pipefail`; or start the script with `set -o pipefail`.',
    equivalents: [],
    messages: { default: 'This pipeline fails only if its last command fails: the default shell runs without pipefail; set shell: bash.' },
    examples: {
      bad: ['on: push\npermissions: {}\njobs:\n  test:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make test | tee test.log\n'],
      good: ['on: push\npermissions: {}\ndefaults:\n  run:\n    shell: bash\njobs:\n  test:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make test | tee test.log\n'],
    },
  },
  check(doc, report) {
    if (doc.kind !== 'workflow') return;
    const defaultShell = (node: Parameters<typeof get>[0]) => get(get(get(node, 'defaults'), 'run'), 'shell') !== undefined;
    if (defaultShell(doc.root)) return;
    for (const step of doc.steps) {
      const script = step.run?.script;
      if (!script || step.shell || (step.job && defaultShell(step.job.node))) continue;
      // `set -o pipefail` (or `-eo pipefail`) in the script says it itself.
      if (step.run!.source.text.includes('pipefail')) continue;
      // One finding per step: the first pipeline of its top level.
      const pipeline = script.items.flatMap((item) => item.pipelines).find((p) => p.commands.length > 1);
      if (pipeline) report({ range: pipeline.range });
    }
  },
};
