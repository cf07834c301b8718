// CGW027: a job on a self-hosted runner in a workflow that pull requests from forks can start.
import { get, text } from '../../analyzers/yaml/yaml-tree.ts';
import type { YNode } from '../../analyzers/yaml/yaml-tree.ts';
import type { GhaRule } from './support.ts';
import { ghDocs, triggeredBy } from './support.ts';

/** Events a pull request from a fork starts. */
const FORK_TRIGGERS = ['pull_request', 'pull_request_target', 'pull_request_review', 'pull_request_review_comment', 'issue_comment'];

/** The `self-hosted` label of `runs-on` (a label, a list of labels, or `labels:` of a mapping). */
function selfHosted(runsOn: YNode | undefined): YNode | undefined {
  const labels = runsOn?.kind === 'map' ? get(runsOn, 'labels') : runsOn;
  const items = labels?.kind === 'seq' ? labels.items : labels ? [labels] : [];
  return items.find((n) => text(n)?.toLowerCase() === 'self-hosted');
}

export const rule: GhaRule = {
  meta: {
    id: 'CGW027',
    name: 'self-hosted-runner-on-fork-trigger',
    target: 'github-workflow',
    title: 'Self-hosted runner in a workflow pull requests can start',
    description:
      'A self-hosted runner is a machine of yours that is not wiped between jobs. In a public repository, a pull ' +
      'request from a fork runs its own code on it (a test, a build script) once a maintainer approves the run, ' +
      'or without approval for contributors GitHub already trusts: it can persist on the machine, read what later ' +
      'jobs leave there and reach your network. The file cannot tell whether the repository is public: medium.',
    severity: 'medium',
    category: 'security',
    cwe: ['CWE-269', 'CWE-829'],
    references: [`${ghDocs('concepts/runners/self-hosted-runners')}`, `${ghDocs('reference/security/secure-use')}#hardening-for-self-hosted-runners`],
    remediation: 'Run pull request jobs on GitHub-hosted runners, or on ephemeral, isolated self-hosted runners (`--ephemeral`, one job per fresh machine) in a runner group limited to private repositories.',
    equivalents: ['zizmor:self-hosted-runner'],
    messages: { default: 'Job "{{job}}" runs on a self-hosted runner in a workflow that {{trigger}} from a fork can start.' },
    examples: {
      bad: ['on: pull_request\npermissions: {}\njobs:\n  test:\n    runs-on: [self-hosted, linux]\n    steps:\n      - run: make test\n'],
      good: ['on: pull_request\npermissions: {}\njobs:\n  test:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make test\n'],
    },
  },
  check(doc, report) {
    if (!triggeredBy(doc, ...FORK_TRIGGERS)) return;
    const trigger = doc.on.find((t) => FORK_TRIGGERS.includes(t.name))!.name;
    for (const job of doc.jobs) {
      const label = selfHosted(job.runsOn);
      if (label) report({ range: label.range, data: { job: job.id, trigger } });
    }
  },
};
