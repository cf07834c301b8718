// CGW089: a comparison whose operands' types make it meaningless: an object or array compared with a value (GitHub
// compares objects by reference and turns them into NaN against a value, so `==` is always false), or an ordering
// (`<`, `>`…) of null, booleans, objects or arrays.
import { contextPath, walk } from '../../analyzers/github-workflow/expression.ts';
import type { Expr } from '../../analyzers/github-workflow/expression.ts';
import type { GhaDoc, Job } from '../../analyzers/github-workflow/model.ts';
import { get, text } from '../../analyzers/yaml/yaml-tree.ts';
import type { YNode } from '../../analyzers/yaml/yaml-tree.ts';
import { allExpressions } from './all-expressions.ts';
import type { GhaRule } from './support.ts';
import { ghDocs } from './support.ts';

/** A static type: of a literal, or of a matrix key whose values are all objects or all arrays; undefined when not
 * known from the file. */
export type Type = 'null' | 'boolean' | 'number' | 'string' | 'object' | `array<${string}>`;

function nodeType(n: YNode): Type | undefined {
  if (n.kind === 'map') return 'object';
  if (n.kind === 'seq') {
    const inner = [...new Set(n.items.map(nodeType))];
    return `array<${inner.length === 1 && inner[0] ? inner[0] : 'any'}>`;
  }
  if (n.value === null) return 'null';
  return typeof n.value === 'boolean' ? 'boolean' : typeof n.value === 'number' ? 'number' : 'string';
}

export function typeOf(e: Expr, job: Job | undefined): Type | undefined {
  if (e.kind === 'literal') return e.value === null ? 'null' : (typeof e.value as 'boolean' | 'number' | 'string');
  // `matrix.key` (or `matrix['key']`): the type all its values share, when they are objects or arrays.
  const key = e.kind === 'property' ? e.name : e.kind === 'index' && e.index.kind === 'literal' ? String(e.index.value) : undefined;
  if (!job || key === undefined || (e as { object: Expr }).object.kind !== 'context' || (e as { object: { name: string } }).object.name.toLowerCase() !== 'matrix') return undefined;
  const values = get(get(get(job.node, 'strategy'), 'matrix'), key);
  if (values?.kind !== 'seq' || values.items.length === 0) return undefined;
  const types = [...new Set(values.items.map(nodeType))];
  return types.length === 1 && (types[0] === 'object' || types[0]?.startsWith('array')) ? types[0] : undefined;
}

/** The type of an input read as `inputs.<name>` (from its `type:` under workflow_dispatch or workflow_call) or
 * `github.event.inputs.<name>` (always a string), when the file says it. */
function inputType(e: Expr, doc: GhaDoc): Type | undefined {
  const p = contextPath(e);
  if (p === undefined) return undefined;
  if (/^github\.event\.inputs\.[^.]+$/.test(p)) return 'string';
  const m = /^inputs\.([^.]+)$/.exec(p);
  if (!m) return undefined;
  for (const t of doc.on) {
    if (t.name !== 'workflow_dispatch' && t.name !== 'workflow_call') continue;
    const inputs = get(t.config, 'inputs');
    const def = inputs?.kind === 'map' ? inputs.pairs.find((q) => q.key.toLowerCase() === m[1]) : undefined;
    if (!def) continue;
    const type = text(get(def.value, 'type')) ?? 'string';
    return type === 'boolean' ? 'boolean' : type === 'number' ? 'number' : 'string';
  }
  return undefined;
}

export const composite = (t: Type | undefined) => t === 'object' || (t?.startsWith('array') ?? false);

export const rule: GhaRule = {
  meta: {
    id: 'CGW089',
    name: 'comparison-type-mismatch',
    target: 'github-workflow',
    title: 'Comparison that types make meaningless',
    description:
      'GitHub compares objects and arrays by reference, and turns them into NaN against a string, number or boolean: ' +
      '`matrix.os == \'linux\'` where each `os` of the matrix is an object is always false, `!=` always true. An ' +
      'ordering (`<`, `>`, `<=`, `>=`) of `null`, booleans, objects or arrays compares numbers they are coerced to, ' +
      'never what the author meant. Indexing an array (`x.*[…]`) with a string input, or an object with a boolean or ' +
      'number input, finds nothing. The condition quietly takes one branch every time: medium.',
    severity: 'medium',
    category: 'correctness',
    references: [ghDocs('reference/workflows-and-actions/expressions#operators')],
    remediation: 'Compare a property of the object (`matrix.os.name == \'linux\'`), an element of the array, or values of the same type.',
    equivalents: ['actionlint:expression'],
    messages: {
      default: 'A value of type {{left}} is compared with one of type {{right}} by {{op}}: an object or array never equals a value, so this is always {{always}}.',
      order: 'Ordering values of type {{left}} and {{right}} by {{op}} compares the numbers GitHub coerces them to, not the values.',
      property: '"{{value}}" is a string (variables, secrets and inputs are): it has no properties, so this is empty; use fromJSON() first for a JSON value.',
      index: 'Indexing {{what}} with a {{type}} (the input\'s type) finds nothing: arrays take numbers, objects names.',
      shapes: 'A value of type {{left}} is compared with one of type {{right}} by {{op}}: objects and arrays compare by reference, so this is always {{always}}.',
    },
    examples: {
      bad: ["on: push\npermissions: {}\njobs:\n  t:\n    runs-on: ubuntu-24.04\n    strategy:\n      matrix:\n        os: [{name: linux}, {name: windows}]\n    steps:\n      - run: make\n        if: matrix.os == 'linux'\n"],
      good: ["on: push\npermissions: {}\njobs:\n  t:\n    runs-on: ubuntu-24.04\n    strategy:\n      matrix:\n        os: [{name: linux}, {name: windows}]\n    steps:\n      - run: make\n        if: matrix.os.name == 'linux'\n"],
    },
  },
  check(doc, report) {
    for (const e of allExpressions(doc)) {
      const job = e.job ?? doc.jobs.find((j) => e.path[0] === 'jobs' && j.id === e.path[1]);
      walk(e.expr, (n) => {
        // `x[inputs.flag]`: an array (a `*` filter) indexed by a string, or an object by a boolean or number.
        if (n.kind === 'index' && n.index.kind !== 'literal') {
          const it = inputType(n.index, doc);
          const isArray = n.object.kind === 'star' || (typeOf(n.object, job)?.startsWith('array') ?? false);
          const isObject = !isArray && (n.object.kind === 'context' || n.object.kind === 'property');
          if ((isArray && it === 'string') || (isObject && (it === 'boolean' || it === 'number'))) {
            report({ range: e.rangeOf(n), messageId: 'index', data: { what: isArray ? 'an array' : 'an object', type: it! } });
          }
          return;
        }
        // `vars.NAME.x`: variables, secrets and inputs are strings (numbers, booleans): they have no properties.
        if (n.kind === 'property' || (n.kind === 'index' && n.index.kind === 'literal' && typeof n.index.value === 'string')) {
          const p = contextPath(n.object);
          if (p !== undefined && /^(vars|secrets|inputs|github\.event\.inputs)\.[^.*]+$/.test(p)) {
            report({ range: e.rangeOf(n), messageId: 'property', data: { value: p } });
          }
          return;
        }
        if (n.kind !== 'binary' || n.op === '&&' || n.op === '||') return;
        const l = typeOf(n.left, job);
        const r = typeOf(n.right, job);
        if (l === undefined || r === undefined) return;
        const data = { left: l, right: r, op: n.op, always: n.op === '!=' ? 'true' : 'false' };
        if (n.op === '==' || n.op === '!=') {
          if (l === 'null' || r === 'null') return;
          if (composite(l) !== composite(r)) report({ range: e.rangeOf(n), data });
          else if (composite(l) && l !== r) report({ range: e.rangeOf(n), messageId: 'shapes', data });
          return;
        }
        const bad = (t: Type) => t === 'null' || t === 'boolean' || composite(t);
        if (bad(l) || bad(r)) report({ range: e.rangeOf(n), messageId: 'order', data });
      });
    }
  },
};
