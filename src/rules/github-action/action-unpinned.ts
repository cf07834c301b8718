// CGA002: a composite action's step using an action on a branch, or with no ref (CGW003 for actions).
import { rule as workflowRule } from '../github-workflow/action-unpinned.ts';
import { reportTier } from '../github-workflow/pinning.ts';
import type { GhaRule } from '../github-workflow/support.ts';

export const rule: GhaRule = {
  meta: {
    ...workflowRule.meta,
    id: 'CGA002',
    target: 'github-action',
    description:
      'A composite action\'s step that uses another action from a branch runs whatever was pushed there last, in every ' +
      'workflow that uses this action, with that workflow\'s token and secrets. GitHub refuses a remote action with no ref.',
    severityContext: [
      'High for a third-party action: whoever can push to its branch runs code in every workflow using this action.',
      'Medium for a first-party one — GitHub\'s own (`actions/*`, `github/*`, under GitHub\'s security response) or one of an owner the `first_party_owners` option names —: still a moving ref that should be pinned.',
    ],
    equivalents: ['zizmor:unpinned-uses'],
    examples: {
      bad: ['name: setup\nruns:\n  using: composite\n  steps:\n    - uses: example/setup-tool@main\n'],
      good: ['name: setup\nruns:\n  using: composite\n  steps:\n    - uses: example/setup-tool@8f4b7f84864484a7bf31766abe9204da3cbe65b3 # v1.2.0\n'],
    },
  },
  check(doc, report, ctx) {
    reportTier(doc, 'unpinned', report, new Set((ctx.options['first_party_owners'] as readonly string[]).map((o) => o.toLowerCase())));
  },
};
