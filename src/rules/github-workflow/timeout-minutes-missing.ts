// CGW020: a job without `timeout-minutes`.
import type { GhaRule } from './support.ts';
import { WORKFLOW_SYNTAX } from './support.ts';

export const rule: GhaRule = {
  meta: {
    id: 'CGW020',
    name: 'timeout-minutes-missing',
    target: 'github-workflow',
    title: 'Job without a timeout',
    description:
      'A job without `timeout-minutes` may run for GitHub\'s default of 360 minutes when a step hangs (a prompt, a ' +
      'network wait, a deadlocked test), holding a runner and, on paid or self-hosted runners, costing the whole ' +
      'time. Hygiene: it never blocks on its own.',
    severity: 'low',
    category: 'reliability',
    references: [`${WORKFLOW_SYNTAX}#jobsjob_idtimeout-minutes`],
    remediation: 'Set `timeout-minutes:` on the job to a few times its usual duration.',
    equivalents: [],
    messages: { default: 'Job "{{job}}" has no timeout-minutes: a hung step runs for 360 minutes.' },
    examples: {
      bad: ['on: push\npermissions: {}\njobs:\n  test:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make test\n'],
      good: ['on: push\npermissions: {}\njobs:\n  test:\n    runs-on: ubuntu-24.04\n    timeout-minutes: 15\n    steps:\n      - run: make test\n'],
    },
  },
  check(doc, report) {
    // A job calling a reusable workflow takes the timeouts of that workflow's jobs.
    for (const job of doc.jobs) if (!job.uses && !job.timeoutMinutes) report({ range: job.keyNode.range, data: { job: job.id } });
  },
};
