// Finding attacker-controlled values pasted into code: shared by the workflow and action injection rules.
import { valuePaths } from '../../analyzers/github-workflow/expression.ts';
import type { GhaDoc, PlacedExpression } from '../../analyzers/github-workflow/model.ts';
import { get, text } from '../../analyzers/yaml/yaml-tree.ts';
import type { YMap } from '../../analyzers/yaml/yaml-tree.ts';
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

/** The attacker-controlled context an `env.name` (lower-cased, as contexts are read) of a step reads, when the variable it resolves to (the step's
 * `env:`, else its job's, else the workflow's: GitHub's precedence) is set from one. */
function envSource(doc: GhaDoc, e: PlacedExpression, name: string): string | undefined {
  const maps: (YMap | undefined)[] = [e.step?.env, e.step?.job?.env ?? e.job?.env, doc.env];
  for (const map of maps) {
    const pair = map?.pairs.find((p) => p.key.toLowerCase() === name);
    if (!pair) continue;
    for (const x of doc.expressions) {
      if (x.node !== pair.value || !x.expression.expr) continue;
      const tainted = valuePaths(x.expression.expr).find((v) => isAttackerControlled(v.path));
      if (tainted) return tainted.path;
    }
    return undefined;
  }
  return undefined;
}

/** Reports each attacker-controlled context path expanded into a `run:`, `github-script`'s `script:` or an action
 * input that runs code, at the path — and each `env.NAME` there whose variable is set from one. */
export function reportInjections(doc: GhaDoc, report: Reporter): void {
  const fixed = headBranchFixed(doc);
  for (const e of doc.expressions) {
    const expr = e.expression.expr;
    if (!expr) continue;
    const sink = scriptSink(e);
    if (!sink) continue;
    const action = e.step?.uses?.str.value.split('@')[0] ?? '';
    const input = String(e.path[e.path.length - 1]);
    for (const v of valuePaths(expr)) {
      if (fixed && v.path === 'github.event.workflow_run.head_branch') continue;
      if (isAttackerControlled(v.path)) {
        report({ range: e.rangeOf(v.expr), messageId: sink, data: { context: v.path, action, input }, fix: sink === 'run' ? injectionFix(doc, e, v.path) : undefined });
        continue;
      }
      const env = /^env\.([a-z_][a-z0-9_-]*)$/.exec(v.path);
      const source = env ? envSource(doc, e, env[1]!) : undefined;
      if (source) report({ range: e.rangeOf(v.expr), messageId: 'env', data: { context: v.path, source } });
    }
  }
}

export const INJECTION_MESSAGES = {
  default: '"{{context}}" is attacker-controlled and is expanded into a script.',
  run: '"{{context}}" is attacker-controlled and is expanded into this `run:` script, where it runs as shell code; pass it through `env:` and quote the variable.',
  script: '"{{context}}" is attacker-controlled and is expanded into this `github-script` script, where it runs as JavaScript; read it from `context.payload` or `process.env`.',
  input: '"{{context}}" is attacker-controlled and is expanded into the `{{input}}` input of {{action}}, which runs it as code; pass it through `env:` and read the variable there.',
  env: '"{{context}}" is set from "{{source}}", which is attacker-controlled, and `${{ }}` pastes it into this script as code; read the variable as `$VAR` (quoted) instead.',
};

export const INJECTION_REMEDIATION =
  'Pass the value through an environment variable and quote it in the script: `env: TITLE: ${{ github.event.issue.title }}` ' +
  'then `run: echo "$TITLE"` (in `github-script`, read `process.env.TITLE` or `context.payload`). The shell then sees data, ' +
  'never code.';
