// CGA005: a composite action's step using an action at a known-compromised version (CGW006 for actions).
import { rule as workflowRule } from '../github-workflow/compromised-action.ts';
import type { GhaRule } from '../github-workflow/support.ts';

export const rule: GhaRule = {
  meta: {
    ...workflowRule.meta,
    id: 'CGA005',
    target: 'github-action',
    equivalents: ['zizmor:known-vulnerable-actions'],
    examples: {
      bad: ['name: lint\nruns:\n  using: composite\n  steps:\n    - uses: reviewdog/action-setup@f0d342d24037bb11d26b9bd8496e0808ba32e9ec\n'],
      good: ['name: lint\nruns:\n  using: composite\n  steps:\n    - uses: reviewdog/action-setup@e04ffabe3898a0af8d0fb1af00c188831c4b5893 # a reviewed release\n'],
    },
  },
  check: workflowRule.check,
};
