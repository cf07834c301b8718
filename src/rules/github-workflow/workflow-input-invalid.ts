// CGW048: a workflow_dispatch or workflow_call input GitHub refuses or cannot honour: a choice without options, a
// default that is not one of its options or not of its type. (A workflow_call input without a type is the schema's:
// CGW000.)
import { get, getPair, str, text } from '../../analyzers/yaml/yaml-tree.ts';
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
      '(high), as it refuses more than 25 `workflow_dispatch` inputs. A `default:` that is not one of ' +
      'the choice\'s options, or not a boolean for a boolean input, is a default nobody can actually run with: the ' +
      'form shows another value, or the call fails (medium).',
    severity: 'high',
    severityContext: [
      'Medium for a default that does not fit the input (not an option, not true or false, not a number): the workflow runs, but not with that default.',
      'Low for what GitHub ignores: an option listed twice, `options:` on an input that is no choice, a default of a required `workflow_call` input.',
    ],
    category: 'correctness',
    references: [`${WORKFLOW_SYNTAX}#onworkflow_dispatchinputs`, `${WORKFLOW_SYNTAX}#onworkflow_callinputsinput_idtype`],
    remediation: 'Give a choice input its `options:` and a default among them; give a boolean input `true` or `false` as its default.',
    equivalents: ['actionlint:events'],
    messages: {
      default: 'Input "{{input}}" is a choice without options; GitHub refuses the workflow.',
      notAnOption: 'The default "{{value}}" of input "{{input}}" is not one of its options ({{options}}).',
      notBoolean: 'The default "{{value}}" of the boolean input "{{input}}" is not true or false.',
      tooMany: 'workflow_dispatch has {{count}} inputs; GitHub allows 25 and refuses the workflow.',
      notNumber: 'The default "{{value}}" of the number input "{{input}}" is not a number.',
      duplicateOption: 'Option "{{value}}" of input "{{input}}" is listed twice.',
      optionsIgnored: 'Input "{{input}}" is of type {{type}}, not choice: its options are ignored.',
      requiredWithDefault: 'Input "{{input}}" is required, so its default "{{value}}" is never used.',
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
      // GitHub refuses a workflow_dispatch with more than 25 inputs.
      if (trigger.name === 'workflow_dispatch' && inputs.pairs.length > 25) report({ range: trigger.range, messageId: 'tooMany', data: { count: inputs.pairs.length } });
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
          options.items.forEach((o, i) => {
            const v = text(o);
            if (v !== undefined && values.indexOf(v) < i) report({ range: o.range, messageId: 'duplicateOption', data: { ...data, value: v }, severity: 'low' });
          });
          if (defStr && !defStr.value.includes('${{') && !values.includes(defStr.value)) {
            report({ range: defStr.range, messageId: 'notAnOption', data: { ...data, value: defStr.value, options: values.join(', ') }, severity: 'medium' });
          }
        }
        const options = getPair(input.value, 'options');
        if (type !== 'choice' && options) report({ range: input.keyNode.range, messageId: 'optionsIgnored', data: { ...data, type: type ?? 'string (the default)' }, severity: 'low' });
        if (type === 'number' && defStr && !defStr.value.includes('${{') && (defStr.value.trim() === '' || !Number.isFinite(Number(defStr.value)))) {
          report({ range: defStr.range, messageId: 'notNumber', data: { ...data, value: defStr.value }, severity: 'medium' });
        }
        const required = text(get(input.value, 'required'));
        if (trigger.name === 'workflow_call' && required?.toLowerCase() === 'true' && defStr && def?.kind === 'scalar' && def.value !== null) {
          report({ range: defStr.range, messageId: 'requiredWithDefault', data: { ...data, value: defStr.value }, severity: 'low' });
        }
        if (type === 'boolean' && defStr && !defStr.value.includes('${{') && !['true', 'false'].includes(defStr.value.toLowerCase())) {
          report({ range: defStr.range, messageId: 'notBoolean', data: { ...data, value: defStr.value }, severity: 'medium' });
        }
      }
    }
  },
};
