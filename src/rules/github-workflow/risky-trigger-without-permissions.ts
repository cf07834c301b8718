// CGW009: a workflow run on pull_request_target or workflow_run whose token permissions are left to the default.
import type { GhaRule } from './support.ts';
import { PRIVILEGED_FORK_TRIGGERS, WORKFLOW_SYNTAX } from './support.ts';
import { permissionsFix } from './fix.ts';

export const rule: GhaRule = {
  meta: {
    id: 'CGW009',
    name: 'risky-trigger-without-permissions',
    target: 'github-workflow',
    title: 'Privileged fork trigger without token permissions',
    description:
      '`pull_request_target` and `workflow_run` handle input from forks with the base repository\'s token. Without ' +
      '`permissions:` that token gets the repository\'s default, which is read and write on every scope for ' +
      'repositories created before February 2023 and for organisations that kept it: one injected step can then ' +
      'push to the default branch. A real risk to fix rather than a defect on its own: medium.',
    severity: 'medium',
    category: 'security',
    cwe: ['CWE-250', 'CWE-272'],
    references: [`${WORKFLOW_SYNTAX}#permissions`, 'https://securitylab.github.com/resources/github-actions-preventing-pwn-requests/'],
    remediation: 'Declare `permissions:` at the top of the workflow (`contents: read`, or `{}`), and grant each job only the writes it needs (`pull-requests: write` to comment).',
    equivalents: ['zizmor:excessive-permissions'],
    messages: { default: 'This workflow runs on {{trigger}} with fork input, but job "{{job}}" does not limit its token: it gets the repository\'s default permissions.' },
    examples: {
      bad: ['on: pull_request_target\njobs:\n  label:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/labeler@v5\n'],
      good: ['on: pull_request_target\npermissions:\n  contents: read\n  pull-requests: write\njobs:\n  label:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/labeler@v5\n'],
    },
  },
  check(doc, report) {
    const trigger = doc.on.find((t) => PRIVILEGED_FORK_TRIGGERS.includes(t.name));
    if (!trigger || doc.permissions) return;
    // A job calling a reusable workflow is limited by that workflow's own permissions as well as these.
    const open = doc.jobs.filter((job) => !job.permissions);
    const fix = open.length > 0 ? permissionsFix(doc, open) : undefined;
    for (const job of open) report({ range: job.keyNode.range, data: { trigger: trigger.name, job: job.id }, fix });
  },
};
