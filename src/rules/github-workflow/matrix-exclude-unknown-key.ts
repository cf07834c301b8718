// CGW029: a `strategy.matrix.exclude` entry naming a key the matrix does not have.
import { get, getPair } from '../../analyzers/yaml/yaml-tree.ts';
import type { GhaRule } from './support.ts';
import { WORKFLOW_SYNTAX } from './support.ts';

export const rule: GhaRule = {
  meta: {
    id: 'CGW029',
    name: 'matrix-exclude-unknown-key',
    target: 'github-workflow',
    title: 'Matrix exclude names a key the matrix does not have',
    description:
      'Each `exclude:` entry of a matrix removes the combinations that match it, key by key. A key that is not one ' +
      'of the matrix\'s own keys (a typo, or a key only `include:` adds) matches nothing, and GitHub rejects the ' +
      'workflow ("Matrix exclude key … does not match any key within the matrix"): no job of the workflow runs. ' +
      'A bug that breaks the run: high.',
    severity: 'high',
    category: 'correctness',
    references: [`${WORKFLOW_SYNTAX}#jobsjob_idstrategymatrixexclude`],
    remediation: 'Name the matrix key as it is written under `matrix:` (keys are case-sensitive), or drop the entry.',
    equivalents: ['actionlint:matrix'],
    messages: { default: 'Matrix exclude key "{{key}}" is not a key of the matrix of job "{{job}}" (it has {{keys}}).' },
    examples: {
      bad: ['on: push\npermissions: {}\njobs:\n  test:\n    runs-on: ubuntu-24.04\n    strategy:\n      matrix:\n        node: [20, 22]\n        exclude:\n          - nodes: 20\n    steps:\n      - run: npm test\n'],
      good: ['on: push\npermissions: {}\njobs:\n  test:\n    runs-on: ubuntu-24.04\n    strategy:\n      matrix:\n        node: [20, 22]\n        exclude:\n          - node: 20\n    steps:\n      - run: npm test\n'],
    },
  },
  check(doc, report) {
    for (const job of doc.jobs) {
      const matrix = get(get(job.node, 'strategy'), 'matrix');
      if (matrix?.kind !== 'map') continue;
      const keys = matrix.pairs.map((p) => p.key).filter((k) => k !== 'include' && k !== 'exclude');
      // Keys written as expressions (`${{ … }}`) are only known at run time.
      if (keys.length === 0 || keys.some((k) => k.includes('${{'))) continue;
      const exclude = getPair(matrix, 'exclude')?.value;
      if (exclude?.kind !== 'seq') continue;
      for (const item of exclude.items) {
        if (item.kind !== 'map') continue;
        for (const p of item.pairs) {
          if (!keys.includes(p.key) && !p.key.includes('${{')) report({ range: p.keyNode.range, data: { key: p.key, job: job.id, keys: keys.join(', ') } });
        }
      }
    }
  },
};
