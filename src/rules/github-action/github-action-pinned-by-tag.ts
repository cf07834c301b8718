// CGA004: a composite action's step using `actions/*` or `github/*` on a version tag (CGW005 for actions).
import { rule as workflowRule } from '../github-workflow/github-action-pinned-by-tag.ts';
import { reportTier } from '../github-workflow/pinning.ts';
import type { GhaRule } from '../github-workflow/support.ts';

export const rule: GhaRule = {
  meta: {
    ...workflowRule.meta,
    id: 'CGA004',
    target: 'github-action',
    equivalents: ['zizmor:unpinned-uses'],
    examples: {
      bad: ['name: setup\nruns:\n  using: composite\n  steps:\n    - uses: actions/setup-node@v4\n'],
      good: ['name: setup\nruns:\n  using: composite\n  steps:\n    - uses: actions/setup-node@39370e3970a6d050c480ffad4ff0ed4d3fdee5af # v4\n'],
    },
  },
  check(doc, report) {
    reportTier(doc, 'github-tag', report);
  },
};
