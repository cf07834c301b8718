// Finding attacker-controlled values pasted into code: shared by the workflow and action injection rules.
import { valuePaths } from '../../analyzers/github-workflow/expression.ts';
import type { GhaDoc } from '../../analyzers/github-workflow/model.ts';
import type { Reporter } from '../../core/rule.ts';
import { isAttackerControlled, scriptSink } from './support.ts';

/** Reports each attacker-controlled context path expanded into a `run:` or `github-script` `script:`, at the path. */
export function reportInjections(doc: GhaDoc, report: Reporter): void {
  for (const e of doc.expressions) {
    const expr = e.expression.expr;
    if (!expr) continue;
    const sink = scriptSink(e);
    if (!sink) continue;
    for (const v of valuePaths(expr)) {
      if (isAttackerControlled(v.path)) report({ range: e.rangeOf(v.expr), messageId: sink, data: { context: v.path } });
    }
  }
}

export const INJECTION_REMEDIATION =
  'Pass the value through an environment variable and quote it in the script: `env: TITLE: ${{ github.event.issue.title }}` ' +
  'then `run: echo "$TITLE"` (in `github-script`, read `process.env.TITLE` or `context.payload`). The shell then sees data, ' +
  'never code.';
