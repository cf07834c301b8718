// CGW047: a job or step id GitHub refuses: ids start with a letter or `_` and hold only letters, digits, `-`, `_`.
import type { Str } from '../../analyzers/yaml/yaml-tree.ts';
import type { GhaRule } from './support.ts';
import { WORKFLOW_SYNTAX } from './support.ts';

const ID = /^[A-Za-z_][A-Za-z0-9_-]*$/;

export const rule: GhaRule = {
  meta: {
    id: 'CGW047',
    name: 'invalid-id',
    target: 'github-workflow',
    title: 'Job or step id GitHub refuses',
    description:
      'Job ids (the keys under `jobs:`) and step `id:`s must start with a letter or `_` and contain only letters, ' +
      'digits, `-` and `_`. Any other (`build.linux`, `1st-step`, `deploy prod`) makes GitHub refuse the workflow. ' +
      'A bug that breaks the run: high.',
    severity: 'high',
    category: 'correctness',
    references: [`${WORKFLOW_SYNTAX}#jobsjob_id`, `${WORKFLOW_SYNTAX}#jobsjob_idstepsid`],
    remediation: 'Rename it with letters, digits, `-` and `_`, starting with a letter or `_` (`build-linux`); the human-readable title goes in `name:`.',
    equivalents: ['actionlint:id'],
    messages: { default: 'The {{what}} id "{{id}}" is invalid: ids start with a letter or _ and hold only letters, digits, - and _.' },
    examples: {
      bad: ['on: push\npermissions: {}\njobs:\n  build.linux:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n'],
      good: ['on: push\npermissions: {}\njobs:\n  build-linux:\n    name: build (linux)\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n'],
    },
  },
  check(doc, report) {
    const ids: { what: string; str: Str }[] = [];
    if (doc.kind === 'workflow') for (const job of doc.jobs) ids.push({ what: 'job', str: { value: job.id, range: job.keyNode.range, node: job.keyNode } });
    for (const step of doc.steps) if (step.id) ids.push({ what: 'step', str: step.id });
    ids.sort((a, b) => a.str.node.start - b.str.node.start);
    for (const { what, str } of ids) {
      if (str.value.includes('${{') || ID.test(str.value)) continue;
      report({ range: str.range, data: { what, id: str.value } });
    }
  },
};
