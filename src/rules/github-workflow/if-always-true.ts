// CGW022: an `if:` whose text holds `${{ }}` and anything else: a non-empty string, so always true.
import { findExpressions } from '../../analyzers/github-workflow/expression.ts';
import type { Str } from '../../analyzers/yaml/yaml-tree.ts';
import type { GhaRule } from './support.ts';
import { WORKFLOW_SYNTAX } from './support.ts';

/** Whether an `if:` value is text around (or between) expressions rather than one expression or none. */
export function alwaysTrue(cond: Str): boolean {
  const found = findExpressions(cond.value);
  if (found.length === 0) return false;
  return found.length > 1 || found[0]!.start !== 0 || found[0]!.end !== cond.value.length;
}

export const rule: GhaRule = {
  meta: {
    id: 'CGW022',
    name: 'if-always-true',
    target: 'github-workflow',
    title: 'Condition that is always true',
    description:
      'GitHub evaluates `if:` as an expression when it is one `${{ }}` (or none). When the text holds `${{ }}` and ' +
      'anything else — `${{ a }} && ${{ b }}`, a quoted space, or the trailing newline of a `|` block — the result ' +
      'is a non-empty string, which is true: the job or step always runs, a deployment on every pull request.',
    severity: 'high',
    category: 'correctness',
    references: [`${WORKFLOW_SYNTAX}#jobsjob_idif`, 'https://docs.github.com/en/actions/reference/workflows-and-actions/expressions'],
    remediation: 'Write the whole condition as one expression: `if: ${{ a && b }}`, or without braces: `if: a && b`; use `>-` rather than `|` for a block.',
    equivalents: ['actionlint:if-cond', 'zizmor:unsound-condition'],
    messages: { default: 'This condition is text around `${{ }}`, a non-empty string: it is always true.' },
    examples: {
      bad: ["on: push\npermissions: {}\njobs:\n  deploy:\n    if: ${{ github.ref == 'refs/heads/main' }} && ${{ github.event_name == 'push' }}\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make deploy\n"],
      good: ["on: push\npermissions: {}\njobs:\n  deploy:\n    if: github.ref == 'refs/heads/main' && github.event_name == 'push'\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make deploy\n"],
    },
  },
  check(doc, report) {
    const conds = [...doc.jobs.flatMap((j) => (j.if ? [j.if] : [])), ...doc.steps.flatMap((s) => (s.if ? [s.if] : []))];
    for (const cond of conds.sort((a, b) => a.node.start - b.node.start)) if (alwaysTrue(cond)) report({ range: cond.range });
  },
};
