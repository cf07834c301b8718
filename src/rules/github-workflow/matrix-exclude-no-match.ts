// CGW081: a `strategy.matrix.exclude` entry whose value for a key is none of the values the matrix gives that key:
// the entry removes nothing.
import { get, getPair } from '../../analyzers/yaml/yaml-tree.ts';
import type { YNode } from '../../analyzers/yaml/yaml-tree.ts';
import type { GhaRule } from './support.ts';
import { WORKFLOW_SYNTAX } from './support.ts';

/** Whether an exclude value matches a matrix value: scalars by their text, sequences element by element, mappings
 * by each key the exclude value names (GitHub matches an object partially). */
export function matches(excl: YNode, value: YNode): boolean {
  if (excl.kind === 'scalar') return value.kind === 'scalar' && String(excl.value) === String(value.value);
  if (excl.kind === 'seq') return value.kind === 'seq' && value.items.length === excl.items.length && excl.items.every((x, i) => matches(x, value.items[i]!));
  if (value.kind !== 'map') return false;
  return excl.pairs.every((p) => {
    const v = getPair(value, p.key)?.value;
    return v !== undefined && matches(p.value, v);
  });
}

/** Whether a node holds a `${{ }}` anywhere (its value is only known at run time). */
function dynamic(n: YNode): boolean {
  if (n.kind === 'scalar') return typeof n.value === 'string' && n.value.includes('${{');
  if (n.kind === 'seq') return n.items.some(dynamic);
  return n.pairs.some((p) => p.key.includes('${{') || dynamic(p.value));
}

/** A short rendering of a value for the message. */
function show(n: YNode): string {
  if (n.kind === 'scalar') return JSON.stringify(n.value);
  if (n.kind === 'seq') return `[${n.items.map(show).join(', ')}]`;
  return `{${n.pairs.map((p) => `${p.key}: ${show(p.value)}`).join(', ')}}`;
}

export const rule: GhaRule = {
  meta: {
    id: 'CGW081',
    name: 'matrix-exclude-no-match',
    target: 'github-workflow',
    title: 'Matrix exclude value that matches no combination',
    description:
      'An `exclude:` entry removes the combinations whose values match it. A value the matrix does not give that key ' +
      '— a typo (`windows-latst`), a string for a matrix of objects, another order of a list — matches nothing, ' +
      'and GitHub runs the combination the entry was written to skip: a job on a platform that fails, or a ' +
      'deployment twice. The run does not break by itself: medium.',
    severity: 'medium',
    category: 'correctness',
    references: [`${WORKFLOW_SYNTAX}#excluding-matrix-configurations`],
    remediation: 'Write the value as the matrix lists it (an object matches by the keys the exclude names), or drop the entry.',
    equivalents: ['actionlint:matrix'],
    messages: { default: 'Matrix exclude value {{value}} for "{{key}}" is none of the matrix\'s values ({{values}}): the entry excludes nothing.' },
    examples: {
      bad: ['on: push\npermissions: {}\njobs:\n  test:\n    runs-on: ${{ matrix.os }}\n    strategy:\n      matrix:\n        os: [ubuntu-24.04, windows-2025]\n        node: [20, 22]\n        exclude:\n          - os: windows-latest\n            node: 20\n    steps:\n      - run: npm test\n'],
      good: ['on: push\npermissions: {}\njobs:\n  test:\n    runs-on: ${{ matrix.os }}\n    strategy:\n      matrix:\n        os: [ubuntu-24.04, windows-2025]\n        node: [20, 22]\n        exclude:\n          - os: windows-2025\n            node: 20\n    steps:\n      - run: npm test\n'],
    },
  },
  check(doc, report) {
    for (const job of doc.jobs) {
      const matrix = get(get(job.node, 'strategy'), 'matrix');
      if (matrix?.kind !== 'map') continue;
      const exclude = getPair(matrix, 'exclude')?.value;
      if (exclude?.kind !== 'seq') continue;
      for (const item of exclude.items) {
        if (item.kind !== 'map') continue;
        for (const p of item.pairs) {
          // Keys the matrix does not have are CGW029's; values from expressions are only known at run time.
          const values = getPair(matrix, p.key)?.value;
          if (p.key === 'include' || p.key === 'exclude' || values?.kind !== 'seq' || dynamic(values) || dynamic(p.value)) continue;
          if (values.items.some((v) => matches(p.value, v))) continue;
          report({ range: p.value.range, data: { key: p.key, value: show(p.value), values: values.items.map(show).join(', ') } });
        }
      }
    }
  },
};
