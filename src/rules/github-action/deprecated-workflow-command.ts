// CGA006: a composite action's script printing a deprecated or disabled workflow command (CGW014 for actions).
import { rule as workflowRule } from '../github-workflow/deprecated-workflow-command.ts';
import type { GhaRule } from '../github-workflow/support.ts';

export const rule: GhaRule = {
  meta: {
    ...workflowRule.meta,
    id: 'CGA006',
    target: 'github-action',
    equivalents: ['actionlint:deprecated-commands'],
    examples: {
      bad: ['name: version\nruns:\n  using: composite\n  steps:\n    - run: echo "::set-output name=version::1.2.3"\n      shell: bash\n'],
      good: ['name: version\nruns:\n  using: composite\n  steps:\n    - run: echo "version=1.2.3" >> "$GITHUB_OUTPUT"\n      shell: bash\n'],
    },
  },
  check: workflowRule.check,
};
