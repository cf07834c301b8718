// Finding attacker-controlled values pasted into code: shared by the workflow and action injection rules.
import { valuePaths } from '../../analyzers/github-workflow/expression.ts';
import type { GhaDoc } from '../../analyzers/github-workflow/model.ts';
import { get, text } from '../../analyzers/yaml/yaml-tree.ts';
import type { Reporter } from '../../core/rule.ts';
import { isAttackerControlled, scriptSink } from './support.ts';
import { injectionFix } from './fix.ts';

/**
 * Whether `on.workflow_run.branches` lists literal names only: GitHub then starts the run only for a head branch of that
 * list, so `github.event.workflow_run.head_branch` is one of the names the file writes, not a value an outsider picks.
 */
function headBranchFixed(doc: GhaDoc): boolean {
  const branches = get(doc.on.find((t) => t.name === 'workflow_run')?.config, 'branches');
  const names = branches?.kind === 'seq' ? branches.items.map(text) : [text(branches)];
  return names.length > 0 && names.every((n) => n !== undefined && /^[A-Za-z0-9._/-]+$/.test(n));
}

/** Reports each attacker-controlled context path expanded into a `run:` or `github-script` `script:`, at the path. */
export function reportInjections(doc: GhaDoc, report: Reporter): void {
  const fixed = headBranchFixed(doc);
  for (const e of doc.expressions) {
    const expr = e.expression.expr;
    if (!expr) continue;
    const sink = scriptSink(e);
    if (!sink) continue;
    for (const v of valuePaths(expr)) {
      if (fixed && v.path === 'github.event.workflow_run.head_branch') continue;
      if (isAttackerControlled(v.path)) report({ range: e.rangeOf(v.expr), messageId: sink, data: { context: v.path }, fix: sink === 'run' ? injectionFix(doc, e, v.path) : undefined });
    }
  }
}

export const INJECTION_REMEDIATION =
  'Pass the value through an environment variable and quote it in the script: `env: TITLE: ${{ github.event.issue.title }}` ' +
  'then `run: echo "$TITLE"` (in `github-script`, read `process.env.TITLE` or `context.payload`). The shell then sees data, ' +
  'never code.';
