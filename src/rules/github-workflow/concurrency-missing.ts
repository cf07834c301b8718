// CGW061: a workflow on pushes or pull requests without `concurrency:` (new runs do not cancel superseded ones).
import type { GhaRule } from './support.ts';
import { triggeredBy, WORKFLOW_SYNTAX } from './support.ts';

export const rule: GhaRule = {
  meta: {
    id: 'CGW061',
    name: 'concurrency-missing',
    target: 'github-workflow',
    title: 'No concurrency limit on a push or pull request workflow',
    description:
      'Without `concurrency:`, every push to a branch or pull request starts a run while the previous ones go on: ' +
      'minutes wasted (billed on private repositories and larger runners, an easy resource drain for anyone who can ' +
      'push to a pull request), and races between runs that look artifacts up by workflow and job rather than by ' +
      'run. Opt-in hygiene: low.',
    severity: 'low',
    optIn: true,
    tags: ['hygiene'],
    category: 'best-practice',
    references: [`${WORKFLOW_SYNTAX}#concurrency`, 'https://docs.zizmor.sh/audits/#concurrency-limits'],
    remediation: 'Add `concurrency: { group: ${{ github.workflow }}-${{ github.event.pull_request.number || github.ref }}, cancel-in-progress: true }`.',
    equivalents: ['zizmor:concurrency-limits'],
    messages: { default: 'No concurrency: on a workflow run by {{trigger}}; superseded runs keep going.' },
    examples: {
      bad: ['on: pull_request\npermissions: {}\njobs:\n  test:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make test\n'],
      good: ['on: pull_request\npermissions: {}\nconcurrency:\n  group: ${{ github.workflow }}-${{ github.event.pull_request.number }}\n  cancel-in-progress: true\njobs:\n  test:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make test\n'],
    },
  },
  check(doc, report) {
    if (doc.kind !== 'workflow' || !doc.onPair || !triggeredBy(doc, 'push', 'pull_request')) return;
    if (doc.root?.kind === 'map' && doc.root.pairs.some((p) => p.key === 'concurrency')) return;
    if (doc.jobs.length > 0 && doc.jobs.every((j) => j.node.pairs.some((p) => p.key === 'concurrency'))) return;
    const trigger = doc.on.find((t) => t.name === 'push' || t.name === 'pull_request')!;
    report({ range: doc.onPair.keyNode.range, data: { trigger: trigger.name } });
  },
};
