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

/** In file order; computed once per document. */
export function allExpressions(doc: GhaDoc): readonly AnyExpression[] {
  return memo(doc, allExpressions, () => collect(doc));
}

function collect(doc: GhaDoc): AnyExpression[] {
  const out: AnyExpression[] = [];
  for (const e of doc.expressions) {
    if (!e.expression.expr) continue;
    out.push({ expr: e.expression.expr, rangeOf: e.rangeOf, path: e.path, ...(e.job ? { job: e.job } : {}), ...(e.step ? { step: e.step } : {}) });
  }
  const bare = (cond: Str | undefined, path: KeyPath, job: Job | undefined, step?: Step) => {
    if (!cond || cond.value.includes('${{')) return;
    const { expr } = parseExpression(cond.value);
    if (expr) out.push({ expr, rangeOf: (span) => subRange(cond.node, doc.pos, span.start, span.end), path, ...(job ? { job } : {}), ...(step ? { step } : {}) });
  };
  for (const job of doc.jobs) bare(job.if, ['jobs', job.id, 'if'], job);
  for (const step of doc.steps) bare(step.if, [...step.path, step.index, 'if'], step.job, step);
  // Each one placed once (not at every comparison); the sort is stable, as before.
  const keyed = out.map((e) => ({ e, at: e.rangeOf(e.expr) }));
  keyed.sort((a, b) => a.at.start_line - b.at.start_line || a.at.start_column - b.at.start_column);
  for (let i = 0; i < keyed.length; i++) out[i] = keyed[i]!.e;
  return out;
}
