// Every expression of a workflow with where it sits: the `${{ }}` ones the parser placed, and the bare conditions
// of `if:` (GitHub reads an `if:` as an expression with or without `${{ }}`).
import type { Expr } from '../../analyzers/github-workflow/expression.ts';
import { parseExpression } from '../../analyzers/github-workflow/expression.ts';
import { memo } from '../../analyzers/github-workflow/model.ts';
import type { GhaDoc, Job, KeyPath, Step } from '../../analyzers/github-workflow/model.ts';
import { subRange } from '../../analyzers/yaml/yaml-tree.ts';
import type { Str } from '../../analyzers/yaml/yaml-tree.ts';
import type { Range } from '../../core/types.ts';

export interface AnyExpression {
  expr: Expr;
  rangeOf: (span: { start: number; end: number }) => Range;
  path: KeyPath;
  job?: Job;
  step?: Step;
}

/** One expression with where it sits; made by a constructor (no allocation site for V8 to pretenure: see
 * `StepObject` in the workflow parser), `job` and `step` present only when known. */
class Placed {
  expr: Expr;
  rangeOf: (span: { start: number; end: number }) => Range;
  path: KeyPath;
  constructor(expr: Expr, rangeOf: (span: { start: number; end: number }) => Range, path: KeyPath) {
    this.expr = expr;
    this.rangeOf = rangeOf;
    this.path = path;
  }
}

function placed(expr: Expr, rangeOf: (span: { start: number; end: number }) => Range, path: KeyPath, job: Job | undefined, step: Step | undefined): AnyExpression {
  const out: AnyExpression = new Placed(expr, rangeOf, path);
  if (job) out.job = job;
  if (step) out.step = step;
  return out;
}

/** In file order; computed once per document. */
export function allExpressions(doc: GhaDoc): readonly AnyExpression[] {
  return memo(doc, allExpressions, () => collect(doc));
}

function collect(doc: GhaDoc): AnyExpression[] {
  const out: AnyExpression[] = [];
  for (const e of doc.expressions) {
    if (!e.expression.expr) continue;
    out.push(placed(e.expression.expr, e.rangeOf, e.path, e.job, e.step));
  }
  const bare = (cond: Str | undefined, path: KeyPath, job: Job | undefined, step?: Step) => {
    if (!cond || cond.value.includes('${{')) return;
    const { expr } = parseExpression(cond.value);
    if (expr) out.push(placed(expr, (span) => subRange(cond.node, doc.pos, span.start, span.end), path, job, step));
  };
  for (const job of doc.jobs) bare(job.if, ['jobs', job.id, 'if'], job);
  for (const step of doc.steps) bare(step.if, [...step.path, step.index, 'if'], step.job, step);
  // Each one placed once (not at every comparison); the sort is stable, as before.
  const keyed = out.map((e) => ({ e, at: e.rangeOf(e.expr) }));
  keyed.sort((a, b) => a.at.start_line - b.at.start_line || a.at.start_column - b.at.start_column);
  for (let i = 0; i < keyed.length; i++) out[i] = keyed[i]!.e;
  return out;
}
