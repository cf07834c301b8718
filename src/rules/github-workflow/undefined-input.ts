// CGW046: `inputs.<name>` (or `github.event.inputs.<name>`) naming no input of the workflow's workflow_dispatch or
// workflow_call.
import { get } from '../../analyzers/yaml/yaml-tree.ts';
import type { GhaRule } from './support.ts';
import { WORKFLOW_SYNTAX } from './support.ts';
import { allExpressions } from './all-expressions.ts';
import { namesRead } from './references.ts';

export const rule: GhaRule = {
  meta: {
    id: 'CGW046',
    name: 'undefined-input',
    target: 'github-workflow',
    title: 'inputs.<name> that no trigger defines',
    description:
      'The `inputs` context holds the inputs the workflow\'s `workflow_dispatch` and `workflow_call` triggers ' +
      'define. A name they do not define (a typo, an input renamed since) is empty, so the run takes a default ' +
      'path nobody chose. Checked when the workflow has one of these triggers. A bug: medium.',
    severity: 'medium',
    category: 'correctness',
    references: [`${WORKFLOW_SYNTAX}#onworkflow_dispatchinputs`, `${WORKFLOW_SYNTAX}#onworkflow_callinputs`],
    remediation: 'Define the input under the trigger\'s `inputs:`, or use the name it defines.',
    equivalents: ['actionlint:expression'],
    messages: { default: 'No input "{{name}}" is defined (inputs: {{inputs}}); it is empty here.' },
    examples: {
      bad: ['on:\n  workflow_dispatch:\n    inputs:\n      environment:\n        type: string\npermissions: {}\njobs:\n  deploy:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: ./deploy.sh "$TARGET"\n        env:\n          TARGET: ${{ inputs.enviroment }}\n'],
      good: ['on:\n  workflow_dispatch:\n    inputs:\n      environment:\n        type: string\npermissions: {}\njobs:\n  deploy:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: ./deploy.sh "$TARGET"\n        env:\n          TARGET: ${{ inputs.environment }}\n'],
    },
  },
  check(doc, report) {
    if (doc.kind !== 'workflow') return;
    // Without workflow_dispatch or workflow_call (and with some trigger read), `inputs` is empty: every name is undefined.
    const triggers = doc.on.filter((t) => t.name === 'workflow_dispatch' || t.name === 'workflow_call');
    if (doc.on.length === 0) return;
    const inputs = new Set<string>();
    for (const t of triggers) {
      const defined = get(t.config, 'inputs');
      if (defined === undefined || (defined.kind === 'scalar' && defined.value === null)) continue;
      if (defined.kind !== 'map') return;
      for (const p of defined.pairs) inputs.add(p.key.toLowerCase());
    }
    for (const e of allExpressions(doc)) {
      for (const ref of [...namesRead(e.expr, 'inputs'), ...namesRead(e.expr, 'github', ['event', 'inputs'])]) {
        if (!inputs.has(ref.name.toLowerCase())) report({ range: e.rangeOf(ref.node), data: { name: ref.name, inputs: inputs.size ? [...inputs].join(', ') : 'none' } });
      }
    }
  },
};
