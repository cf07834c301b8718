// CGW080: an `if:` whose expression reads no context and calls no status function: its value is fixed when the file
// is written, so the condition is dead weight (`true`) or turns the job or step off for good (`false`).
import { parseExpression, walk } from '../../analyzers/github-workflow/expression.ts';
import type { Expr } from '../../analyzers/github-workflow/expression.ts';
import { get, str } from '../../analyzers/yaml/yaml-tree.ts';
import type { Str } from '../../analyzers/yaml/yaml-tree.ts';
import type { GhaRule } from './support.ts';
import { WORKFLOW_SYNTAX } from './support.ts';

/** Functions whose result depends on the run: the job status checks and hashFiles() (the workspace). */
const RUN_DEPENDENT = new Set(['success', 'failure', 'always', 'cancelled', 'hashfiles']);

/** The expression of an `if:` written as exactly one `${{ }}` or bare, or undefined for text around `${{ }}` —
 * a space or newline included: CGW022's always-true case — and for what does not parse. */
export function conditionExpr(cond: Str): Expr | undefined {
  const whole = /^\$\{\{([\s\S]*)\}\}$/.exec(cond.value);
  const text = whole ? whole[1]! : cond.value;
  if (text.includes('${{')) return undefined;
  return parseExpression(text).expr;
}

/** Whether an expression's value is fixed: no context read, no run-dependent function called. */
export function isConstant(e: Expr): boolean {
  let constant = true;
  walk(e, (n) => {
    if (n.kind === 'context' || (n.kind === 'call' && RUN_DEPENDENT.has(n.name.toLowerCase()))) constant = false;
  });
  return constant;
}

/** Whether an `if:` is the constant false (`if: false`, `if: ${{ false }}`): the job or step never runs. */
export function alwaysFalse(cond: Str | undefined): boolean {
  const e = cond ? conditionExpr(cond) : undefined;
  return e?.kind === 'literal' && (e.value === false || (typeof e.value === 'string' && e.value.toLowerCase() === 'false'));
}

export const rule: GhaRule = {
  meta: {
    id: 'CGW080',
    name: 'constant-condition',
    target: 'github-workflow',
    title: 'Condition whose value is fixed',
    description:
      'An `if:` that reads no context and calls no status function — `if: true`, `if: ${{ false }}`, ' +
      '`if: 1 == 1` — has the same value on every run. `true` (or any truthy constant) is dead weight; `false` turns ' +
      'the job or step off for good, usually a debugging leftover that hides a check nobody notices is gone. ' +
      'Nothing breaks: low.',
    severity: 'low',
    category: 'correctness',
    references: [`${WORKFLOW_SYNTAX}#jobsjob_idif`, 'https://docs.github.com/en/actions/reference/workflows-and-actions/expressions'],
    remediation: 'Remove the `if:` (a constant true), or remove the job or step (a constant false), or write the condition you meant.',
    equivalents: ['actionlint:if-cond'],
    messages: { default: 'This condition reads no context and calls no status function: it is "{{text}}" on every run.' },
    examples: {
      bad: ['on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make lint\n        if: false\n'],
      good: ["on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make lint\n        if: github.event_name == 'push'\n"],
    },
  },
  check(doc, report) {
    const conds: Str[] = [...doc.jobs.flatMap((j) => (j.if ? [j.if] : [])), ...doc.steps.flatMap((s) => (s.if ? [s.if] : []))];
    // A job's `snapshot:` (a custom image) has an `if:` of its own.
    for (const j of doc.jobs) {
      const s = str(get(get(j.node, 'snapshot'), 'if'));
      if (s) conds.push(s);
    }
    for (const cond of conds.sort((a, b) => a.node.start - b.node.start)) {
      const e = conditionExpr(cond);
      if (e && isConstant(e)) report({ range: cond.range, data: { text: cond.value.trim().replace(/^\$\{\{\s*([\s\S]*?)\s*\}\}$/, '$1') } });
    }
  },
};
