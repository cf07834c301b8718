// CGA007: two steps of a composite action with the same `id` (CGW016 for actions).
import { rule as workflowRule } from '../github-workflow/duplicate-step-id.ts';
import { reportDuplicateStepIds } from '../github-workflow/steps.ts';
import type { GhaRule } from '../github-workflow/support.ts';

export const rule: GhaRule = {
  meta: {
    ...workflowRule.meta,
    id: 'CGA007',
    target: 'github-action',
    title: 'Step id used twice in the action',
    description: 'Step ids name a step\'s outputs (`steps.<id>.outputs`, which the action\'s `outputs:` read). GitHub refuses an action whose steps share an id: every workflow using it fails.',
    messages: { default: 'Step id "{{id}}" is already used at line {{line}} in this action; GitHub refuses the action.' },
    equivalents: ['actionlint:id'],
    examples: {
      bad: ['name: build\nruns:\n  using: composite\n  steps:\n    - id: build\n      run: make\n      shell: bash\n    - id: build\n      run: make test\n      shell: bash\n'],
      good: ['name: build\nruns:\n  using: composite\n  steps:\n    - id: build\n      run: make\n      shell: bash\n    - id: test\n      run: make test\n      shell: bash\n'],
    },
  },
  check(doc, report) {
    reportDuplicateStepIds(doc.steps, report);
  },
};
