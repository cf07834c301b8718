// CGW017: `needs:` naming a job the workflow does not define.
import type { GhaRule } from './support.ts';
import { WORKFLOW_SYNTAX } from './support.ts';

export const rule: GhaRule = {
  meta: {
    id: 'CGW017',
    name: 'undefined-needs',
    target: 'github-workflow',
    title: 'Job needs a job that does not exist',
    description: 'A job\'s `needs:` names jobs of the same workflow that must finish first. GitHub refuses a workflow whose `needs:` names no job of it (often a renamed job or a typo): the workflow does not run.',
    severity: 'high',
    category: 'correctness',
    references: [`${WORKFLOW_SYNTAX}#jobsjob_idneeds`],
    remediation: 'Name an existing job id (ids are compared without regard to case), or remove the entry.',
    equivalents: ['actionlint:job-needs'],
    messages: { default: 'Job "{{job}}" needs "{{need}}", which is not a job of this workflow.' },
    examples: {
      bad: ['on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n  deploy:\n    needs: biuld\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make deploy\n'],
      good: ['on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n  deploy:\n    needs: build\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make deploy\n'],
    },
  },
  check(doc, report) {
    const ids = new Set(doc.jobs.map((j) => j.id.toLowerCase()));
    for (const job of doc.jobs) {
      for (const need of job.needs) if (!ids.has(need.value.toLowerCase()) && !need.value.includes('${{')) report({ range: need.range, data: { job: job.id, need: need.value } });
    }
  },
};
