// CGW034: `contains('<literal>', <context>)` in a condition: a substring test where a membership test was meant.
import { contextPath, walk } from '../../analyzers/github-workflow/expression.ts';
import type { Expr } from '../../analyzers/github-workflow/expression.ts';
import type { GhaRule } from './support.ts';
import { conditionExpressions } from './conditions.ts';

export const rule: GhaRule = {
  meta: {
    id: 'CGW034',
    name: 'unsound-contains',
    target: 'github-workflow',
    title: 'contains() of a string literal in a condition',
    description:
      '`contains(search, item)` on a string is a case-insensitive substring test. `if: contains(\'refs/heads/main ' +
      'refs/heads/release\', github.ref)` is meant as "the ref is one of these" but also holds for ' +
      '`refs/heads/mai`, `refs/heads/m` or `heads/main refs` — names whoever can push a branch or open a pull ' +
      'request chooses — so a step guarded this way (a deployment, a publish) runs where it was not meant to. ' +
      'Exploiting it needs a ref the attacker names, and the condition usually guards something that matters: ' +
      'medium.',
    severity: 'medium',
    category: 'security',
    cwe: ['CWE-697'],
    references: ['https://docs.zizmor.sh/audits/#unsound-contains', 'https://docs.github.com/en/actions/reference/workflows-and-actions/expressions#contains'],
    remediation: 'Test membership in a list: `contains(fromJSON(\'["refs/heads/main", "refs/heads/release"]\'), github.ref)`, or compare with `==` joined by `||`.',
    equivalents: ['zizmor:unsound-contains'],
    messages: { default: 'contains() tests whether "{{context}}" is a substring of a string literal, which parts of a listed value also pass; use a list (fromJSON) or ==.' },
    examples: {
      bad: ["on: push\npermissions: {}\njobs:\n  deploy:\n    if: contains('refs/heads/main refs/heads/release', github.ref)\n    runs-on: ubuntu-24.04\n    steps:\n      - run: ./deploy.sh\n"],
      good: ["on: push\npermissions: {}\njobs:\n  deploy:\n    if: contains(fromJSON('[\"refs/heads/main\", \"refs/heads/release\"]'), github.ref)\n    runs-on: ubuntu-24.04\n    steps:\n      - run: ./deploy.sh\n"],
    },
  },
  check(doc, report) {
    for (const { expr, rangeOf } of conditionExpressions(doc)) {
      walk(expr, (n) => {
        if (n.kind !== 'call' || n.name.toLowerCase() !== 'contains' || n.args.length !== 2) return;
        const [search, item] = n.args as [Expr, Expr];
        if (search.kind !== 'literal' || typeof search.value !== 'string') return;
        const context = contextPath(item);
        if (context !== undefined) report({ range: rangeOf(n), data: { context } });
      });
    }
  },
};
