// CGA008: a composite action's `run:` step without `shell:`.
import { text } from '../../analyzers/yaml/yaml-tree.ts';
import type { GhaRule } from '../github-workflow/support.ts';
import { ghDocs } from '../github-workflow/support.ts';
import { appendToMap, yamlFix } from '../yaml-fix.ts';

export const rule: GhaRule = {
  meta: {
    id: 'CGA008',
    name: 'run-step-without-shell',
    target: 'github-action',
    title: 'Composite run step without a shell',
    description:
      'Unlike a workflow\'s steps, a composite action\'s `run:` steps have no default shell: GitHub refuses a step ' +
      'without `shell:` when the action is loaded, so every workflow using the action fails.',
    severity: 'high',
    category: 'correctness',
    references: [`${ghDocs('reference/workflows-and-actions/metadata-syntax')}#runsstepsshell`],
    remediation: 'Add `shell: bash` (or `pwsh`, `sh`, `python`) to every `run:` step of the action.',
    equivalents: [],
    messages: { default: 'This `run:` step has no `shell:`; composite actions have no default shell, so GitHub refuses the action.' },
    examples: {
      bad: ['name: build\nruns:\n  using: composite\n  steps:\n    - run: make\n'],
      good: ['name: build\nruns:\n  using: composite\n  steps:\n    - run: make\n      shell: bash\n'],
    },
  },
  check(doc, report) {
    if (text(doc.runs?.pairs.find((p) => p.key === 'using')?.value) !== 'composite') return;
    for (const step of doc.steps) {
      if (!step.run || step.shell) continue;
      // Unsafe: bash is the usual shell, but the script may be written for another.
      const add = appendToMap(doc.pos.text, step.node, ['shell: bash']);
      report({ range: step.node.pairs.find((p) => p.key === 'run')!.keyNode.range, fix: add ? yamlFix(doc.pos.text, 'Add shell: bash.', [add], 'unsafe') : undefined });
    }
  },
};
