// CGW052: a `with:` input a most-used action does not have, or a required input it is not given (a dated table,
// popular-actions.ts, at the majors it lists).
import { slug } from '../../analyzers/github-workflow/uses.ts';
import type { GhaRule } from './support.ts';
import { ghDocs } from './support.ts';
import { majorOf, POPULAR_ACTIONS, POPULAR_ACTIONS_AS_OF } from './popular-actions.ts';

export const rule: GhaRule = {
  meta: {
    id: 'CGW052',
    name: 'action-input',
    target: 'github-workflow',
    title: 'Input a popular action does not have, or a required one missing',
    description:
      `GitHub passes a step's \`with:\` to the action without checking it: an input the action does not have (\`node_version\` ` +
      'for `node-version`, an input of another major) is ignored with a mere warning, so the setting silently has no ' +
      'effect (medium); an input the action requires and is not given (`actions/cache` without `key`) fails the step ' +
      `(high). Checked for the most-used actions at the majors of a dated table (as of ${POPULAR_ACTIONS_AS_OF}), by the tag or ` +
      'the version comment of a SHA pin.',
    severity: 'medium',
    severityContext: ['High for a missing required input: the step fails.'],
    category: 'correctness',
    references: [ghDocs('reference/workflows-and-actions/workflow-syntax#jobsjob_idstepswith')],
    remediation: 'Use the input names of the action\'s `action.yml` for the version you run, and give every required input.',
    equivalents: ['actionlint:action'],
    messages: {
      default: '{{uses}} v{{major}} has no input "{{input}}"; GitHub ignores it.',
      missing: '{{uses}} v{{major}} requires the input "{{input}}"; the step fails without it.',
    },
    examples: {
      bad: ['on: push\npermissions: {}\njobs:\n  test:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/setup-node@v4\n        with:\n          node_version: 22\n'],
      good: ['on: push\npermissions: {}\njobs:\n  test:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/setup-node@v4\n        with:\n          node-version: 22\n'],
    },
  },
  check(doc, report) {
    for (const step of doc.steps) {
      const ref = step.uses?.ref;
      if (ref?.kind !== 'repository' || ref.path !== '') continue;
      const known = POPULAR_ACTIONS[slug(ref)];
      const major = known && majorOf(doc, step.uses!.str, ref.ref);
      if (!known || major === undefined || !known.majors.includes(major)) continue;
      const data = { uses: slug(ref), major };
      const given = new Set<string>();
      for (const p of step.with?.pairs ?? []) {
        given.add(p.key.toLowerCase());
        if (!known.inputs.includes(p.key.toLowerCase())) report({ range: p.keyNode.range, data: { ...data, input: p.key } });
      }
      for (const input of known.required) {
        if (!given.has(input)) report({ range: step.uses!.str.range, messageId: 'missing', data: { ...data, input }, severity: 'high' });
      }
    }
  },
};
