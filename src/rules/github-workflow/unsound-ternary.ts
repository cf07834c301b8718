// CGW035: `a && <falsy literal> || c`, the ternary idiom with a value that makes it always yield `c`.
import { walk } from '../../analyzers/github-workflow/expression.ts';
import type { GhaRule } from './support.ts';

export const rule: GhaRule = {
  meta: {
    id: 'CGW035',
    name: 'unsound-ternary',
    target: 'github-workflow',
    title: 'Ternary expression whose middle value is falsy',
    description:
      'Expressions have no `?:`; `cond && a || b` stands in for it, and works only while `a` is truthy. With a ' +
      'falsy `a` — `\'\'`, `0`, `false`, `null` — the `&&` is falsy whatever `cond` is, so the expression always ' +
      'yields `b`: `${{ github.event_name == \'push\' && \'\' || \'--dry-run\' }}` always passes `--dry-run`. The ' +
      'workflow quietly does something else than it says; whether that breaks it the file cannot tell: medium.',
    severity: 'medium',
    category: 'correctness',
    references: ['https://docs.github.com/en/actions/reference/workflows-and-actions/expressions#operators', 'https://docs.zizmor.sh/audits/#unsound-ternary'],
    remediation: 'Swap the branches and negate the condition (`!cond && b || a`), so the value after `&&` is truthy.',
    equivalents: ['zizmor:unsound-ternary'],
    messages: { default: 'The value after && is {{value}}, which is falsy: this expression always yields what follows ||.' },
    examples: {
      bad: ["on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: ./release.sh ${{ github.ref == 'refs/heads/main' && '' || '--dry-run' }}\n"],
      good: ["on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: ./release.sh ${{ github.ref != 'refs/heads/main' && '--dry-run' || '' }}\n"],
    },
  },
  check(doc, report) {
    for (const e of doc.expressions) {
      const expr = e.expression.expr;
      if (!expr) continue;
      walk(expr, (n) => {
        if (n.kind !== 'binary' || n.op !== '||' || n.left.kind !== 'binary' || n.left.op !== '&&') return;
        const mid = n.left.right;
        if (mid.kind !== 'literal' || mid.value === true || (typeof mid.value === 'string' && mid.value !== '') || (typeof mid.value === 'number' && mid.value !== 0)) return;
        const value = typeof mid.value === 'string' ? "''" : String(mid.value);
        report({ range: e.rangeOf(mid), data: { value } });
      });
    }
  },
};
