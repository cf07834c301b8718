// CGW030: the same value twice in one matrix dimension.
import { get, toPlain } from '../../analyzers/yaml/yaml-tree.ts';
import type { GhaRule } from './support.ts';
import { WORKFLOW_SYNTAX } from './support.ts';
import { deleteSeqItemFix } from './fix.ts';

export const rule: GhaRule = {
  meta: {
    id: 'CGW030',
    name: 'matrix-duplicate-value',
    target: 'github-workflow',
    title: 'Duplicate value in a matrix dimension',
    description:
      'A value listed twice in a matrix dimension runs every combination holding it twice: runner minutes spent for ' +
      'nothing, and usually a sign that another value was meant (`[20, 20]` for `[20, 22]`). Nothing breaks: low.',
    severity: 'low',
    category: 'best-practice',
    references: [`${WORKFLOW_SYNTAX}#jobsjob_idstrategymatrix`],
    remediation: 'Remove the duplicate, or write the value that was meant.',
    equivalents: ['actionlint:matrix'],
    messages: { default: 'Value {{value}} is listed twice in matrix key "{{key}}" of job "{{job}}".' },
    examples: {
      bad: ['on: push\npermissions: {}\njobs:\n  test:\n    runs-on: ubuntu-24.04\n    strategy:\n      matrix:\n        node: [20, 20]\n    steps:\n      - run: npm test\n'],
      good: ['on: push\npermissions: {}\njobs:\n  test:\n    runs-on: ubuntu-24.04\n    strategy:\n      matrix:\n        node: [20, 22]\n    steps:\n      - run: npm test\n'],
    },
  },
  check(doc, report) {
    for (const job of doc.jobs) {
      const matrix = get(get(job.node, 'strategy'), 'matrix');
      if (matrix?.kind !== 'map') continue;
      for (const p of matrix.pairs) {
        if (p.key === 'include' || p.key === 'exclude' || p.value.kind !== 'seq') continue;
        const seen = new Set<string>();
        for (const item of p.value.items) {
          // Values compare as GitHub reads them: `20` and `"20"` are one version string to a setup action but two
          // values to the matrix, so compare the typed value.
          const key = JSON.stringify(toPlain(item));
          if (seen.has(key)) report({ range: item.range, data: { value: key, key: p.key, job: job.id }, fix: deleteSeqItemFix(doc, p.value, item) });
          seen.add(key);
        }
      }
    }
  },
};
