// Names an expression reads from a context: `steps.build.outputs.x` reads step "build", `needs['deploy']` job
// "deploy". Shared by the rules that check such names are defined (steps, needs, matrix, inputs).
import type { Expr } from '../../analyzers/github-workflow/expression.ts';
import { walk } from '../../analyzers/github-workflow/expression.ts';

export interface NameRef {
  name: string;
  /** The `context.name` part of the expression. */
  node: Expr;
}

/** The names read from `context` (`context.name` or `context['name']`); `prefix` reaches a nested object first
 * (`github.event.inputs`). */
export function namesRead(expr: Expr, context: string, prefix: readonly string[] = []): NameRef[] {
  const out: NameRef[] = [];
  const path = [context, ...prefix];
  const isPath = (e: Expr, depth: number): boolean => {
    if (depth === 0) return e.kind === 'context' && e.name.toLowerCase() === path[0];
    if (e.kind === 'property') return e.name.toLowerCase() === path[depth] && isPath(e.object, depth - 1);
    if (e.kind === 'index') return e.index.kind === 'literal' && String(e.index.value).toLowerCase() === path[depth] && isPath(e.object, depth - 1);
    return false;
  };
  walk(expr, (n) => {
    if (n.kind === 'property' && isPath(n.object, path.length - 1)) out.push({ name: n.name, node: n });
    else if (n.kind === 'index' && n.index.kind === 'literal' && typeof n.index.value === 'string' && isPath(n.object, path.length - 1)) out.push({ name: n.index.value, node: n });
  });
  return out;
}
