// CGW090: an object, an array or null pasted into text with `${{ }}` (`echo "${{ github.event }}"`): GitHub writes
// `Object`, `Array` or nothing there, not the value.
import { contextPath } from '../../analyzers/github-workflow/expression.ts';
import type { Expr } from '../../analyzers/github-workflow/expression.ts';
import type { GhaRule } from './support.ts';
import { ghDocs } from './support.ts';
import { composite, typeOf } from './comparison-type-mismatch.ts';

/** Context paths that are objects whatever the event: a whole context, a step's or job's outputs. (A `*` filter is
 * an array; an index `[0]`, which contextPath also writes `*`, is an element: not listed.) */
const OBJECTS = [
  /^(github|env|vars|secrets|steps|needs|matrix|inputs|job|jobs|runner|strategy)$/,
  /^github\.event(\.(pull_request|issue|comment|review|discussion|head_commit|repository|sender))?$/,
  /^(steps|needs)\.[^.]+(\.outputs)?$/,
];

function kind(e: Expr, job: Parameters<typeof typeOf>[1]): 'object' | 'null' | undefined {
  if (e.kind === 'literal') return e.value === null ? 'null' : undefined;
  if (e.kind === 'star') return 'object';
  if (composite(typeOf(e, job))) return 'object';
  const p = contextPath(e);
  return p !== undefined && OBJECTS.some((re) => re.test(p)) ? 'object' : undefined;
}

export const rule: GhaRule = {
  meta: {
    id: 'CGW090',
    name: 'object-in-template',
    target: 'github-workflow',
    title: 'Object, array or null pasted into text',
    description:
      '`${{ }}` inside text — a `run:` script, a string with words around — writes the value as a string. An object ' +
      '(`github.event`, `steps.build.outputs`, a matrix value that is a mapping) becomes `Object`, an array `Array`, ' +
      'and `null` nothing: the script gets that, not the data. `toJSON()` writes the value. A bug that does not ' +
      'stop the run: medium (low for a `null` literal, which only writes nothing).',
    severity: 'medium',
    severityContext: ['Low for a `null` literal: it writes nothing, which is rarely meant but harmless.'],
    category: 'correctness',
    references: [ghDocs('reference/workflows-and-actions/expressions#tojson')],
    remediation: 'Write the property you need (`github.event.pull_request.number`), or the whole value as JSON: `${{ toJSON(github.event) }}` (through `env:` in a script).',
    equivalents: ['actionlint:expression'],
    messages: {
      default: 'This expression is an object or array: pasted into text it is written as Object or Array, not its content; use a property or toJSON().',
      null: 'This expression is null: pasted into text it writes nothing.',
    },
    examples: {
      bad: ['on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - id: meta\n        run: echo "tags=a" >> "$GITHUB_OUTPUT"\n      - run: echo "outputs ${{ steps.meta.outputs }}"\n'],
      good: ['on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - id: meta\n        run: echo "tags=a" >> "$GITHUB_OUTPUT"\n      - run: echo "outputs $OUTPUTS"\n        env:\n          OUTPUTS: ${{ toJSON(steps.meta.outputs) }}\n'],
    },
  },
  check(doc, report) {
    for (const e of doc.expressions) {
      const expr = e.expression.expr;
      if (!expr) continue;
      // Text around the `${{ }}`, or a script: the value becomes a string. A value alone may be an object on purpose
      // (`env: ${{ fromJSON(...) }}`, `container: ${{ matrix.container }}`).
      const value = String(e.node.value);
      const alone = value.trim() === value.slice(e.expression.start, e.expression.end).trim();
      if (alone && e.path[e.path.length - 1] !== 'run') continue;
      const job = e.job ?? doc.jobs.find((j) => e.path[0] === 'jobs' && j.id === e.path[1]);
      const k = kind(expr, job);
      if (k === 'object') report({ range: e.range });
      else if (k === 'null') report({ range: e.range, messageId: 'null', severity: 'low' });
    }
  },
};
