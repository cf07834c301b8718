// CGW045: `matrix.<key>` naming no key of the job's matrix.
import type { Job } from '../../analyzers/github-workflow/model.ts';
import { get } from '../../analyzers/yaml/yaml-tree.ts';
import type { GhaRule } from './support.ts';
import { WORKFLOW_SYNTAX } from './support.ts';
import { allExpressions } from './all-expressions.ts';
import { namesRead } from './references.ts';

/** The keys a job's matrix defines (its own and those `include` adds), lower-cased; undefined when an expression
 * builds any part of it (the keys are then not known here). A job without a matrix defines none. */
export function matrixKeys(job: Job): Set<string> | undefined {
  const matrix = get(get(job.node, 'strategy'), 'matrix');
  const keys = new Set<string>();
  if (matrix === undefined) return get(job.node, 'strategy')?.kind === 'scalar' ? undefined : keys;
  if (matrix.kind !== 'map') return undefined;
  for (const p of matrix.pairs) {
    if (p.key.includes('${{')) return undefined;
    if (p.key !== 'include' && p.key !== 'exclude') keys.add(p.key.toLowerCase());
  }
  const include = get(matrix, 'include');
  if (include !== undefined) {
    if (include.kind !== 'seq') return undefined;
    for (const item of include.items) {
      if (item.kind !== 'map') return undefined;
      for (const p of item.pairs) keys.add(p.key.toLowerCase());
    }
  }
  return keys;
}

export const rule: GhaRule = {
  meta: {
    id: 'CGW045',
    name: 'undefined-matrix-key',
    target: 'github-workflow',
    title: 'matrix.<key> that the job\'s matrix does not define',
    description:
      'The `matrix` context holds the keys of the job\'s `strategy.matrix` (and those its `include` entries add). ' +
      '`matrix.node-version` in a matrix that defines `node` (or in a job without a matrix) is empty: the job runs ' +
      'with an empty version or on an empty runner label, without saying why. A bug: medium.',
    severity: 'medium',
    category: 'correctness',
    references: [`${WORKFLOW_SYNTAX}#jobsjob_idstrategymatrix`],
    remediation: 'Use a key the matrix defines, or add it to the matrix (or to its `include` entries).',
    equivalents: ['actionlint:expression'],
    messages: {
      default: 'The matrix of job "{{job}}" has no key "{{name}}" (keys: {{keys}}); matrix.{{name}} is empty.',
      none: 'Job "{{job}}" has no matrix; matrix.{{name}} is empty.',
    },
    examples: {
      bad: ['on: push\npermissions: {}\njobs:\n  test:\n    runs-on: ubuntu-24.04\n    strategy:\n      matrix:\n        node: [20, 22]\n    steps:\n      - uses: actions/setup-node@49933ea5288caeca8642d1e84afbd3f7d6820020 # v4.4.0\n        with:\n          node-version: ${{ matrix.node-version }}\n'],
      good: ['on: push\npermissions: {}\njobs:\n  test:\n    runs-on: ubuntu-24.04\n    strategy:\n      matrix:\n        node: [20, 22]\n    steps:\n      - uses: actions/setup-node@49933ea5288caeca8642d1e84afbd3f7d6820020 # v4.4.0\n        with:\n          node-version: ${{ matrix.node }}\n'],
    },
  },
  check(doc, report) {
    if (doc.kind !== 'workflow') return;
    const keysOf = new Map<Job, Set<string> | undefined>();
    for (const e of allExpressions(doc)) {
      const job = e.job ?? doc.jobs.find((j) => e.path[0] === 'jobs' && j.id === e.path[1]);
      // The matrix itself (`strategy:`) cannot read the matrix (the schema, CGW000, says so).
      if (!job || e.path[2] === 'strategy') continue;
      if (!keysOf.has(job)) keysOf.set(job, matrixKeys(job));
      const keys = keysOf.get(job);
      if (!keys) continue;
      for (const ref of namesRead(e.expr, 'matrix')) {
        if (keys.has(ref.name.toLowerCase())) continue;
        if (keys.size === 0) report({ range: e.rangeOf(ref.node), messageId: 'none', data: { name: ref.name, job: job.id } });
        else report({ range: e.rangeOf(ref.node), data: { name: ref.name, job: job.id, keys: [...keys].join(', ') } });
      }
    }
  },
};
