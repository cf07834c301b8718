// CGW016: two steps of one job (or of one composite action) with the same `id`.
import type { GhaRule } from './support.ts';
import { WORKFLOW_SYNTAX } from './support.ts';
import { reportDuplicateStepIds } from './steps.ts';

export const rule: GhaRule = {
  meta: {
    id: 'CGW016',
    name: 'duplicate-step-id',
    target: 'github-workflow',
    title: 'Step id used twice in a job',
    description:
      'Step ids name a step\'s outputs and outcome (`steps.<id>.outputs`). GitHub refuses a job in which two steps ' +
      'share an id (ids are compared without regard to case): the workflow does not run.',
    severity: 'high',
    category: 'correctness',
    references: [`${WORKFLOW_SYNTAX}#jobsjob_idstepsid`],
    remediation: 'Give each step of the job its own id.',
    equivalents: ['actionlint:id'],
    messages: { default: 'Step id "{{id}}" is already used at line {{line}} in this job; GitHub refuses the workflow.' },
    examples: {
      bad: ['on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - id: build\n        run: make\n      - id: build\n        run: make test\n'],
      good: ['on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - id: build\n        run: make\n      - id: test\n        run: make test\n'],
    },
  },
  check(doc, report) {
    for (const job of doc.jobs) reportDuplicateStepIds(job.steps, report);
  },
};
