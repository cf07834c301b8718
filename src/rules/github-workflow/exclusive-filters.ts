// CGW085: an event with both a filter and its `-ignore` form (`branches` and `branches-ignore`, `tags` and
// `tags-ignore`, `paths` and `paths-ignore`), which GitHub refuses.
import { getPair } from '../../analyzers/yaml/yaml-tree.ts';
import type { GhaRule } from './support.ts';
import { WORKFLOW_SYNTAX } from './support.ts';

export const rule: GhaRule = {
  meta: {
    id: 'CGW085',
    name: 'exclusive-filters',
    target: 'github-workflow',
    title: 'A filter and its -ignore form on the same event',
    description:
      'An event takes `branches` or `branches-ignore`, `tags` or `tags-ignore`, `paths` or `paths-ignore`, never ' +
      'both: GitHub refuses the workflow, so none of its jobs run. A `!` pattern in the positive filter says what ' +
      'the `-ignore` list meant. A bug that breaks the run: high.',
    severity: 'high',
    category: 'correctness',
    references: [`${WORKFLOW_SYNTAX}#onpushbranchestagsbranches-ignoretags-ignore`, `${WORKFLOW_SYNTAX}#onpushpull_requestpull_request_targetpathspaths-ignore`],
    remediation: 'Keep one of the two: move the ignored patterns into the positive filter with a leading `!` (after the patterns they exclude from).',
    equivalents: ['actionlint:events'],
    messages: { default: 'on.{{event}} has both "{{filter}}" and "{{filter}}-ignore": GitHub refuses the workflow; use "!" patterns in "{{filter}}" instead.' },
    examples: {
      bad: ["on:\n  push:\n    branches: [main]\n    branches-ignore: ['dependabot/**']\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n"],
      good: ["on:\n  push:\n    branches: [main, '!dependabot/**']\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n"],
    },
  },
  check(doc, report) {
    for (const t of doc.on) {
      if (t.config?.kind !== 'map') continue;
      for (const filter of ['branches', 'tags', 'paths']) {
        const a = getPair(t.config, filter);
        const b = getPair(t.config, `${filter}-ignore`);
        if (!a || !b) continue;
        // At the one written second, as the conflict appears there.
        const later = a.keyNode.start > b.keyNode.start ? a : b;
        report({ range: later.keyNode.range, data: { event: t.name, filter } });
      }
    }
  },
};
