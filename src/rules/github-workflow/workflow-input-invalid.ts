// CGW048: a workflow_dispatch or workflow_call input GitHub refuses or cannot honour: a choice without options, a
// default that is not one of its options or not of its type. (A workflow_call input without a type is the schema's:
// CGW000.)
import { get, str, text } from '../../analyzers/yaml/yaml-tree.ts';
import type { YNode } from '../../analyzers/yaml/yaml-tree.ts';
import type { GhaRule } from './support.ts';
import { WORKFLOW_SYNTAX } from './support.ts';

export const rule: GhaRule = {
  meta: {
    id: 'CGW048',
    name: 'workflow-input-invalid',
    target: 'github-workflow',
    title: 'Workflow input definition GitHub refuses or cannot honour',
    description:
      'A `workflow_dispatch` input of `type: choice` needs `options:`: without them GitHub refuses the workflow ' +
      '(high). A `default:` that is not one of ' +
      'the choice\'s options, or not a boolean for a boolean input, is a default nobody can actually run with: the ' +
      'form shows another value, or the call fails (medium).',
    severity: 'high',
    severityContext: ['Medium for a default that does not fit the input: the workflow runs, but not with that default.'],
    category: 'correctness',
    references: [`${WORKFLOW_SYNTAX}#onworkflow_dispatchinputs`, `${WORKFLOW_SYNTAX}#onworkflow_callinputsinput_idtype`],
    remediation: 'Give a choice input its `options:` and a default among them; give a boolean input `true` or `false` as its default.',
    equivalents: ['actionlint:events'],
    messages: {
      default: 'Input "{{input}}" is a choice without options; GitHub refuses the workflow.',
      notAnOption: 'The default "{{value}}" of input "{{input}}" is not one of its options ({{options}}).',
      notBoolean: 'The default "{{value}}" of the boolean input "{{input}}" is not true or false.',
    },
    examples: {
      bad: ['on:\n  workflow_dispatch:\n    inputs:\n      environment:\n        type: choice\n        default: prod\n        options: [staging, production]\npermissions: {}\njobs:\n  deploy:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: ./deploy.sh\n'],
      good: ['on:\n  workflow_dispatch:\n    inputs:\n      environment:\n        type: choice\n        default: production\n        options: [staging, production]\npermissions: {}\njobs:\n  deploy:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: ./deploy.sh\n'],
    },
  },
  check(doc, report) {
    for (const trigger of doc.on) {
      if (trigger.name !== 'workflow_dispatch' && trigger.name !== 'workflow_call') continue;
      const inputs = get(trigger.config, 'inputs');
      if (inputs?.kind !== 'map') continue;
      for (const input of inputs.pairs) {
        if (input.value.kind !== 'map') continue;
        const type = text(get(input.value, 'type'));
        const def = get(input.value, 'default');
        const defStr = str(def);
        const data = { input: input.key };
        if (type === 'choice') {
          const options: YNode | undefined = get(input.value, 'options');
          if (options?.kind !== 'seq' || options.items.length === 0) {
            report({ range: input.keyNode.range, data });
            continue;
          }
          const values = options.items.map((o) => text(o));
          if (defStr && !defStr.value.includes('${{') && !values.includes(defStr.value)) {
            report({ range: defStr.range, messageId: 'notAnOption', data: { ...data, value: defStr.value, options: values.join(', ') }, severity: 'medium' });
          }
        }
        if (type === 'boolean' && defStr && !defStr.value.includes('${{') && !['true', 'false'].includes(defStr.value.toLowerCase())) {
          report({ range: defStr.range, messageId: 'notBoolean', data: { ...data, value: defStr.value }, severity: 'medium' });
        }
      }
    }
  },
};
