// CGW036: needless indirection that hides what a workflow runs: a `${{ }}` holding only a literal, an action path
// with `.`, `..` or empty segments.
import type { Expr } from '../../analyzers/github-workflow/expression.ts';
import { getPair } from '../../analyzers/yaml/yaml-tree.ts';
import { isConstant } from './constant-condition.ts';
import type { GhaRule } from './support.ts';
import { allUses } from './support.ts';
import { constantFix, plainUsesFix } from './fix.ts';

/** The outermost parts of an expression that are operators or calls over literals only. */
function reducible(e: Expr, out: Expr[] = []): Expr[] {
  if (e.kind === 'literal' || e.kind === 'context') return out;
  if (isConstant(e)) {
    out.push(e);
    return out;
  }
  const children: Expr[] =
    e.kind === 'property' || e.kind === 'star' ? [e.object]
    : e.kind === 'index' ? [e.object, e.index]
    : e.kind === 'call' ? e.args
    : e.kind === 'not' ? [e.operand]
    : e.kind === 'binary' ? [e.left, e.right]
    : [];
  for (const c of children) reducible(c, out);
  return out;
}

export const rule: GhaRule = {
  meta: {
    id: 'CGW036',
    name: 'obfuscated-reference',
    target: 'github-workflow',
    title: 'Obfuscated action path or constant expression',
    description:
      'A reviewer reads `uses: actions/checkout/./@v4` or `run: ${{ \'curl\' }} …` in a diff and has to work out ' +
      'what it means; such indirection has no use but to hide something from review or from tools that match ' +
      '`uses:` by name. `actions/checkout/.@v4` is `actions/checkout@v4`; `${{ \'x\' }}` is `x`, and so is ' +
      '`${{ format(\'{0}\', \'x\') }}` (operators and functions over literals); a `with:` given as one expression ' +
      'hides the inputs the action gets. Nothing breaks, ' +
      'and the file cannot tell intent: low.',
    severity: 'low',
    category: 'best-practice',
    references: ['https://docs.zizmor.sh/audits/#obfuscation', 'https://docs.github.com/en/actions/reference/workflows-and-actions/expressions#literals'],
    remediation: 'Write the action path plainly (`owner/repo[/path]@ref` with no `.`, `..` or empty segments) and the literal value without `${{ }}`.',
    equivalents: ['zizmor:obfuscation'],
    messages: {
      default: 'Action path "{{uses}}" has a "{{segment}}" segment: write it plainly.',
      constant: 'Expression ${{ {{value}} }} is a constant: write the value itself.',
      dynamicWith: 'The step\'s with: is one expression: the inputs the action gets are only known at run time, out of review.',
      reducible: 'This part of the expression applies operators or functions to literals only: it always yields the same value; write the value itself.',
    },
    examples: {
      bad: ['on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/checkout/.@v4\n      - run: ${{ \'make\' }} test\n'],
      good: ['on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/checkout@v4\n      - run: make test\n'],
    },
  },
  check(doc, report) {
    const found: { at: number; r: Parameters<typeof report>[0] }[] = [];
    for (const u of allUses(doc)) {
      const raw = u.str.value.trim();
      // A path after owner/repo, or a trailing `/` before the ref (`actions/checkout/@v4`).
      if (u.ref.kind !== 'repository' || raw.slice(0, raw.includes('@') ? raw.indexOf('@') : raw.length).split('/').length <= 2) continue;
      const path = raw.slice(0, raw.includes('@') ? raw.indexOf('@') : raw.length).split('/').slice(2);
      const segment = path.find((s) => s === '.' || s === '..' || s === '');
      if (segment !== undefined) found.push({ at: u.str.node.start, r: { range: u.str.range, data: { uses: raw, segment: segment === '' ? '//' : segment }, fix: plainUsesFix(doc, u.str.node, raw) } });
    }
    // `with: ${{ fromJSON(...) }}`: the inputs an action gets are decided at run time, out of the reviewer's sight.
    for (const step of doc.steps) {
      const w = getPair(step.node, 'with');
      if (w?.value.kind === 'scalar' && typeof w.value.value === 'string' && w.value.value.includes('${{')) {
        found.push({ at: w.value.start, r: { range: w.value.range, messageId: 'dynamicWith' } });
      }
    }
    for (const e of doc.expressions) {
      const expr = e.expression.expr;
      // A constant `if:` is if-always-true's (CGW022) business.
      if (!expr || e.path[e.path.length - 1] === 'if') continue;
      if (expr.kind !== 'literal') {
        // Operators and functions over literals only (`true && false`, `format('{0}', 'a')`): each outermost
        // such part always yields the same value.
        for (const part of reducible(expr)) found.push({ at: e.node.start, r: { range: e.rangeOf(part), messageId: 'reducible' } });
        continue;
      }
      // `${{ '${{' }}` is the documented way to write a literal `${{`.
      if (typeof expr.value === 'string' && expr.value.includes('${{')) continue;
      found.push({ at: e.node.start, r: { range: e.range, messageId: 'constant', data: { value: e.expression.source.trim() }, fix: constantFix(doc, e, expr.value) } });
    }
    for (const f of found.sort((a, b) => a.at - b.at)) report(f.r);
  },
};
