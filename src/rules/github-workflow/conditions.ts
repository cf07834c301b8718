// The parsed expressions of every `if:` of a workflow (jobs' and steps'), written with `${{ }}` or bare, each with
// a way to place a part of it in the file.
import { parseExpression } from '../../analyzers/github-workflow/expression.ts';
import type { Expr } from '../../analyzers/github-workflow/expression.ts';
import type { GhaDoc } from '../../analyzers/github-workflow/model.ts';
import { subRange } from '../../analyzers/yaml/yaml-tree.ts';
import type { Range } from '../../core/types.ts';

export interface PlacedCondition {
  expr: Expr;
  rangeOf: (span: { start: number; end: number }) => Range;
}

export function conditionExpressions(doc: GhaDoc): PlacedCondition[] {
  const conds = [...doc.jobs.flatMap((j) => (j.if ? [j.if] : [])), ...doc.steps.flatMap((s) => (s.if ? [s.if] : []))].sort((a, b) => a.node.start - b.node.start);
  const parts: PlacedCondition[] = [];
  for (const cond of conds) {
    if (cond.value.includes('${{')) {
      for (const e of doc.expressions) if (e.node === cond.node && e.expression.expr) parts.push({ expr: e.expression.expr, rangeOf: e.rangeOf });
    } else {
      const { expr } = parseExpression(cond.value);
      if (expr) parts.push({ expr, rangeOf: (span) => subRange(cond.node, doc.pos, span.start, span.end) });
    }
  }
  return parts;
}
