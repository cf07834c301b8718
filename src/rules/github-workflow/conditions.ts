// The parsed expressions of every `if:` of a workflow (jobs' and steps'), written with `${{ }}` or bare, each with
// a way to place a part of it in the file.
import type { Expr } from '../../analyzers/github-workflow/expression.ts';
import type { GhaDoc } from '../../analyzers/github-workflow/model.ts';
import type { Range } from '../../core/types.ts';
import { allExpressions } from './all-expressions.ts';

export interface PlacedCondition {
  expr: Expr;
  rangeOf: (span: { start: number; end: number }) => Range;
}

export function conditionExpressions(doc: GhaDoc): PlacedCondition[] {
  return allExpressions(doc).filter((e) => {
    const p = e.path;
    if (p[p.length - 1] !== 'if') return false;
    // A job's `if:` (jobs.<id>.if) or a step's (<steps path>.<index>.if).
    return e.step ? p.length === e.step.path.length + 2 : p.length === 3 && p[0] === 'jobs';
  });
}
