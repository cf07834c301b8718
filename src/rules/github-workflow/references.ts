// Names an expression reads from a context: `steps.build.outputs.x` reads step "build", `needs['deploy']` job
// "deploy". Shared by the rules that check such names are defined (steps, needs, matrix, inputs).
import type { Expr } from '../../analyzers/github-workflow/expression.ts';

export interface NameRef {
  name: string;
  /** The `context.name` part of the expression. */
  node: Expr;
}

/** The names read from `context` (`context.name` or `context['name']`); `prefix` reaches a nested object first
 * (`github.event.inputs`). */
export function namesRead(expr: Expr, context: string, prefix: readonly string[] = NO_PREFIX): NameRef[] {
  const out: NameRef[] = [];
  collect(expr, context, prefix, out);
  return out;
}

const NO_PREFIX: readonly string[] = [];

/** Whether `e` is the path `context.prefix[0]…prefix[depth - 1]` (names compared in lower case). */
function isPath(e: Expr, context: string, prefix: readonly string[], depth: number): boolean {
  if (depth === 0) return e.kind === 'context' && e.name.toLowerCase() === context;
  const name = prefix[depth - 1];
  if (e.kind === 'property') return e.name.toLowerCase() === name && isPath(e.object, context, prefix, depth - 1);
  if (e.kind === 'index') return e.index.kind === 'literal' && String(e.index.value).toLowerCase() === name && isPath(e.object, context, prefix, depth - 1);
  return false;
}

/** The names read, in the order of `walk` (parents first), without a closure per expression. */
function collect(n: Expr, context: string, prefix: readonly string[], out: NameRef[]): void {
  if (n.kind === 'property' && isPath(n.object, context, prefix, prefix.length)) out.push({ name: n.name, node: n });
  else if (n.kind === 'index' && n.index.kind === 'literal' && typeof n.index.value === 'string' && isPath(n.object, context, prefix, prefix.length)) out.push({ name: n.index.value, node: n });
  switch (n.kind) {
    case 'property':
    case 'star':
      collect(n.object, context, prefix, out);
      break;
    case 'index':
      collect(n.object, context, prefix, out);
      collect(n.index, context, prefix, out);
      break;
    case 'call':
      for (const a of n.args) collect(a, context, prefix, out);
      break;
    case 'not':
      collect(n.operand, context, prefix, out);
      break;
    case 'binary':
      collect(n.left, context, prefix, out);
      collect(n.right, context, prefix, out);
      break;
    default:
  }
}
