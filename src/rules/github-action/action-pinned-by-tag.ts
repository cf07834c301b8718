// CGA003: a composite action's step using a third-party action on a version tag (CGW004 for actions).
import { rule as workflowRule } from '../github-workflow/action-pinned-by-tag.ts';
import { reportTier } from '../github-workflow/pinning.ts';
import type { GhaRule } from '../github-workflow/support.ts';

export const rule: GhaRule = {
  meta: {
    ...workflowRule.meta,
    id: 'CGA003',
    target: 'github-action',
    equivalents: ['zizmor:unpinned-uses'],
    examples: {
      bad: ['name: setup\nruns:\n  using: composite\n  steps:\n    - uses: example/setup-tool@v1\n'],
      good: ['name: setup\nruns:\n  using: composite\n  steps:\n    - uses: example/setup-tool@8f4b7f84864484a7bf31766abe9204da3cbe65b3 # v1\n'],
    },
  },
  check(doc, report) {
    reportTier(doc, 'tag', report);
  },
};
