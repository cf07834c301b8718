// CGP020: a job calls a reusable workflow of the same repository with inputs or secrets its `on.workflow_call` does
// not define, or without a required one; or the called workflow is not reusable at all.
import { get, getPair, text } from '../../analyzers/yaml/yaml-tree.ts';
import type { YNode } from '../../analyzers/yaml/yaml-tree.ts';
import { ghDocs } from '../github-workflow/support.ts';
import { once, place } from './support.ts';
import type { ProjectRule } from './support.ts';

const CALLER = 'on: push\npermissions:\n  contents: read\njobs:\n  test:\n    uses: ./.github/workflows/test.yml\n    with:\n      node: "22"\n';
const called = (input: string) => `on:\n  workflow_call:\n    inputs:\n      ${input}:\n        type: string\n        required: true\npermissions:\n  contents: read\njobs:\n  test:\n    runs-on: ubuntu-24.04\n    timeout-minutes: 10\n    steps:\n      - run: echo "\${{ inputs.${input} }}"\n`;

/** The names a `workflow_call` mapping defines under `key` (`inputs`, `secrets`), lower-cased (GitHub compares them so), and the required ones. */
function defined(config: YNode | undefined, key: string): { names: Set<string>; required: string[] } {
  const map = get(config, key);
  const names = new Set<string>();
  const required: string[] = [];
  if (map?.kind !== 'map') return { names, required };
  for (const p of map.pairs) {
    names.add(p.key.toLowerCase());
    // A required input with a default is never missing; a required secret has no default.
    if (text(get(p.value, 'required')) === 'true' && getPair(p.value, 'default') === undefined) required.push(p.key);
  }
  return { names, required };
}

export const rule: ProjectRule = {
  meta: {
    id: 'CGP020',
    name: 'reusable-workflow-call-mismatch',
    target: 'project',
    title: 'Reusable workflow called with inputs or secrets it does not define',
    description:
      'A job calls a reusable workflow of the same repository (`uses: ./.github/workflows/x.yml`) that was submitted ' +
      'too, and the call does not match the called workflow\'s `on.workflow_call`: an input under `with:` or a secret ' +
      'under `secrets:` it does not define (names compared without case, as GitHub does), a required input or secret ' +
      'without a default that the call does not pass, or a workflow without a `workflow_call` trigger at all. GitHub ' +
      'refuses to run the calling workflow ("Invalid workflow file"), so the whole workflow is broken. `secrets: ' +
      'inherit` passes every secret and is not checked.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: GitHub refuses a call with an input or secret the called workflow does not define, so the run fails.',
    ],
    category: 'correctness',
    references: [ghDocs('how-tos/reuse-automations/reuse-workflows'), ghDocs('reference/workflows-and-actions/workflow-syntax#onworkflow_call')],
    remediation: 'Pass the inputs and secrets the called workflow defines under `on.workflow_call` (fix the name, or define the input there), or give a required input a default.',
    equivalents: ['actionlint:workflow-call'],
    messages: {
      default: 'Input "{{name}}" is not defined by {{path}} (its on.workflow_call inputs: {{known}}): GitHub refuses to run this workflow.',
      unknownSecret: 'Secret "{{name}}" is not defined by {{path}} (its on.workflow_call secrets: {{known}}): GitHub refuses to run this workflow.',
      missingInput: 'Required input "{{name}}" of {{path}} is not passed: GitHub refuses to run this workflow.',
      missingSecret: 'Required secret "{{name}}" of {{path}} is not passed: GitHub refuses to run this workflow.',
      notReusable: '{{path}} has no on.workflow_call trigger, so it cannot be called: GitHub refuses to run this workflow.',
    },
    examples: {
      bad: [[{ filename: '.github/workflows/ci.yml', content: CALLER }, { filename: '.github/workflows/test.yml', content: called('node-version') }]],
      good: [[{ filename: '.github/workflows/ci.yml', content: CALLER }, { filename: '.github/workflows/test.yml', content: called('node') }]],
    },
  },
  check(doc, report) {
    const first = once();
    for (const call of doc.workflowCalls) {
      const target = call.target;
      if (!target || target.parsed.syntaxErrors.length > 0) continue;
      const file = call.workflow.filename;
      const path = target.filename;
      const trigger = target.parsed.doc.on.find((t) => t.name === 'workflow_call');
      if (!trigger) {
        if (first(place(file, call.uses.range))) report({ file, range: call.uses.range, messageId: 'notReusable', data: { path } });
        continue;
      }
      const checks = [
        { key: 'inputs', given: get(call.job.node, 'with'), unknown: 'default', missing: 'missingInput' },
        { key: 'secrets', given: call.job.secrets?.value, unknown: 'unknownSecret', missing: 'missingSecret' },
      ] as const;
      for (const c of checks) {
        // `secrets: inherit` (a scalar) passes them all.
        if (c.given !== undefined && c.given.kind !== 'map') continue;
        const { names, required } = defined(trigger.config, c.key);
        const passed = new Set((c.given?.pairs ?? []).map((p) => p.key.toLowerCase()));
        for (const p of c.given?.pairs ?? []) {
          if (!names.has(p.key.toLowerCase()) && first(place(file, p.keyNode.range))) {
            report({ file, range: p.keyNode.range, ...(c.unknown === 'default' ? {} : { messageId: c.unknown }), data: { name: p.key, path, known: names.size === 0 ? 'none' : [...names].join(', ') } });
          }
        }
        for (const name of required) {
          if (!passed.has(name.toLowerCase())) report({ file, range: call.uses.range, messageId: c.missing, data: { name, path } });
        }
      }
    }
  },
};
