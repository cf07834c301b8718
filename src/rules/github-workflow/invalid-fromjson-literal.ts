// CGW086: `fromJSON('…')` of a literal that is no JSON: the expression fails each time it is evaluated.
import { walk } from '../../analyzers/github-workflow/expression.ts';
import type { GhaRule } from './support.ts';
import { ghDocs } from './support.ts';

/** Why a string is no JSON, or undefined when it parses. */
export function jsonProblem(text: string): string | undefined {
  try {
    JSON.parse(text);
    return undefined;
  } catch (err) {
    return text.trim() === '' ? 'it is empty' : (err as Error).message;
  }
}

export const rule: GhaRule = {
  meta: {
    id: 'CGW086',
    name: 'invalid-fromjson-literal',
    target: 'github-workflow',
    title: 'fromJSON() of a literal that is no JSON',
    description:
      '`fromJSON()` parses its argument as JSON when the expression is evaluated. Given a literal string that is ' +
      'no JSON — an unclosed string or list, an empty string — it fails every time: the job or step whose value ' +
      'it is fails before it runs (a matrix with it defines no job). A bug that breaks the run: high.',
    severity: 'high',
    category: 'correctness',
    references: [ghDocs('reference/workflows-and-actions/expressions#fromjson')],
    remediation: 'Write valid JSON in the literal (strings in double quotes, lists and objects closed), or the value itself without fromJSON().',
    equivalents: ['actionlint:expression'],
    messages: { default: 'fromJSON() is given {{literal}}, which is no JSON ({{problem}}): the expression fails each time it is evaluated.' },
    examples: {
      bad: ["on: push\npermissions: {}\njobs:\n  test:\n    runs-on: ubuntu-24.04\n    strategy:\n      matrix:\n        node: ${{ fromJSON('[20, 22') }}\n    steps:\n      - run: npm test\n"],
      good: ["on: push\npermissions: {}\njobs:\n  test:\n    runs-on: ubuntu-24.04\n    strategy:\n      matrix:\n        node: ${{ fromJSON('[20, 22]') }}\n    steps:\n      - run: npm test\n"],
    },
  },
  check(doc, report) {
    for (const e of doc.expressions) {
      if (!e.expression.expr) continue;
      walk(e.expression.expr, (n) => {
        if (n.kind !== 'call' || n.name.toLowerCase() !== 'fromjson' || n.args.length !== 1) return;
        const arg = n.args[0]!;
        if (arg.kind !== 'literal' || typeof arg.value !== 'string') return;
        const problem = jsonProblem(arg.value);
        if (problem) report({ range: e.rangeOf(n), data: { literal: JSON.stringify(arg.value), problem } });
      });
    }
  },
};
