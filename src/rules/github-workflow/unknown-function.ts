// CGW041: a call in a `${{ }}` expression to a function GitHub does not have, or with a number of arguments it refuses.
import { walk } from '../../analyzers/github-workflow/expression.ts';
import { allExpressions } from './all-expressions.ts';
import type { GhaRule } from './support.ts';
import { ghDocs } from './support.ts';

/** GitHub's expression functions (lower case: names are case-insensitive) and their argument counts [min, max]. */
const FUNCTIONS: Record<string, [number, number]> = {
  contains: [2, 2],
  startswith: [2, 2],
  endswith: [2, 2],
  format: [1, Infinity],
  join: [1, 2],
  tojson: [1, 1],
  fromjson: [1, 1],
  hashfiles: [1, Infinity],
  success: [0, 0],
  always: [0, 0],
  cancelled: [0, 0],
  failure: [0, 0],
  case: [3, Infinity],
};

export const rule: GhaRule = {
  meta: {
    id: 'CGW041',
    name: 'unknown-function',
    target: 'github-workflow',
    title: 'Unknown expression function, or wrong number of arguments',
    description:
      'GitHub\'s expressions have a fixed set of functions (`contains`, `startsWith`, `endsWith`, `format`, `join`, ' +
      '`toJSON`, `fromJSON`, `hashFiles`, `case` and the status functions `success`, `always`, `cancelled`, `failure`). ' +
      'A call to any other name (`contain`, `toJson2`) or with the wrong number of arguments makes the workflow ' +
      'invalid: GitHub refuses to run it. A bug that breaks the run: high.',
    severity: 'high',
    category: 'correctness',
    references: [ghDocs('reference/workflows-and-actions/expressions#functions')],
    remediation: 'Call one of GitHub\'s functions, with the arguments it takes (`contains(github.event.pull_request.labels.*.name, \'ci\')`).',
    equivalents: ['actionlint:expression'],
    messages: {
      default: 'Unknown function "{{name}}": GitHub\'s expressions have no such function.',
      arity: '{{name}}() takes {{expected}} argument{{plural}}; this call gives {{count}}.',
    },
    examples: {
      bad: ['on: push\npermissions: {}\njobs:\n  test:\n    if: contain(github.ref, \'release\')\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make test\n'],
      good: ['on: push\npermissions: {}\njobs:\n  test:\n    if: contains(github.ref, \'release\')\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make test\n'],
    },
  },
  check(doc, report) {
    for (const e of allExpressions(doc)) {
      walk(e.expr, (n) => {
        if (n.kind !== 'call') return;
        const arity = FUNCTIONS[n.name.toLowerCase()];
        if (!arity) {
          report({ range: e.rangeOf(n), data: { name: n.name } });
          return;
        }
        const [min, max] = arity;
        if (n.args.length >= min && n.args.length <= max) return;
        const expected = min === max ? String(min) : max === Infinity ? `at least ${min}` : `${min} or ${max}`;
        report({ range: e.rangeOf(n), messageId: 'arity', data: { name: n.name, expected, plural: min === 1 && max === 1 ? '' : 's', count: n.args.length } });
      });
    }
  },
};
