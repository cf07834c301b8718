// Finding attacker-controlled values pasted into code: shared by the workflow and action injection rules.
import { valuePaths } from '../../analyzers/github-workflow/expression.ts';
import type { Expr } from '../../analyzers/github-workflow/expression.ts';
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
/** How far a context path is to be trusted in a script: `attacker` — anyone who can open an issue or a pull request
 * chooses it (or an object holding such values, `toJSON(github.event)`); `caller` — a composite action's
 * `inputs.*`, which whoever calls the action chooses and the action cannot vet; else undefined. */
function taint(doc: GhaDoc, path: string): 'attacker' | 'caller' | undefined {
  if (isAttackerControlled(path) || /^github\.event(\.(issue|pull_request|comment|review|discussion|head_commit|commits))?$/.test(path)) return 'attacker';
  if (doc.kind === 'action' && /^inputs\./.test(path)) return 'caller';
  return undefined;
}

/** The tainted context an `env.name` (lower-cased, as contexts are read) of a step reads, when the variable it
 * resolves to (the step's `env:`, else its job's, else the workflow's: GitHub's precedence) is set from one. */
function envSource(doc: GhaDoc, e: PlacedExpression, name: string): { path: string; taint: 'attacker' | 'caller' } | undefined {
  const maps: (YMap | undefined)[] = [e.step?.env, e.step?.job?.env ?? e.job?.env, doc.env];
  for (const map of maps) {
    const pair = map?.pairs.find((p) => p.key.toLowerCase() === name);
    if (!pair) continue;
    for (const x of doc.expressions) {
      if (x.node !== pair.value || !x.expression.expr) continue;
      for (const v of valuePaths(x.expression.expr)) {
        const t = taint(doc, v.path);
        if (t) return { path: v.path, taint: t };
      }
    }
    return undefined;
  }
  return undefined;
}

/** A context path with `*` for each index not known when the file is read (`github.event.pages[x].page_name` is
 * `github.event.pages.*.page_name`), or undefined for what is no context path. */
function wildPath(e: Expr): string | undefined {
  if (e.kind === 'context') return e.name.toLowerCase();
  if (e.kind === 'property') {
    const o = wildPath(e.object);
    return o === undefined ? undefined : `${o}.${e.name.toLowerCase()}`;
  }
  if (e.kind === 'index' || e.kind === 'star') {
    const o = wildPath(e.object);
    if (o === undefined) return undefined;
    return e.kind === 'index' && e.index.kind === 'literal' && typeof e.index.value === 'string' ? `${o}.${e.index.value.toLowerCase()}` : `${o}.*`;
  }
  return undefined;
}

/** The values an expression yields into the text it is in (as valuePaths), with dynamic indexes read as `*`. */
function yielded(e: Expr, out: { path: string; expr: Expr }[] = []): { path: string; expr: Expr }[] {
  const known = valuePaths(e);
  if (known.length > 0 || (e.kind !== 'property' && e.kind !== 'index')) return [...out, ...known];
  const p = wildPath(e);
  if (p !== undefined) out.push({ path: p, expr: e });
  return out;
}

/** Reports each attacker-controlled context path expanded into a `run:`, `github-script`'s `script:` or an action
 * input that runs code, at the path — and each `env.NAME` there whose variable is set from one. In a composite
 * action, the caller's `inputs.*` too, at medium: the action cannot know whether a caller passes such a value. */
export function reportInjections(doc: GhaDoc, report: Reporter): void {
  const fixed = headBranchFixed(doc);
  for (const e of doc.expressions) {
    const expr = e.expression.expr;
    if (!expr) continue;
    const sink = scriptSink(e);
    if (!sink) continue;
    const action = e.step?.uses?.str.value.split('@')[0] ?? '';
    const input = String(e.path[e.path.length - 1]);
    for (const v of yielded(expr)) {
      if (fixed && v.path === 'github.event.workflow_run.head_branch') continue;
      const t = taint(doc, v.path);
      if (t === 'attacker') {
        report({ range: e.rangeOf(v.expr), messageId: sink, data: { context: v.path, action, input }, fix: sink === 'run' ? injectionFix(doc, e, v.path) : undefined });
        continue;
      }
      if (t === 'caller') {
        report({ range: e.rangeOf(v.expr), messageId: 'callerInput', data: { context: v.path }, severity: 'medium' });
        continue;
      }
      const env = /^env\.([a-z_][a-z0-9_-]*)$/.exec(v.path);
      const source = env ? envSource(doc, e, env[1]!) : undefined;
      if (source) report({ range: e.rangeOf(v.expr), messageId: source.taint === 'attacker' ? 'env' : 'callerEnv', data: { context: v.path, source: source.path }, ...(source.taint === 'caller' ? { severity: 'medium' as const } : {}) });
    }
  }
}

export const INJECTION_MESSAGES = {
  default: '"{{context}}" is attacker-controlled and is expanded into a script.',
  run: '"{{context}}" is attacker-controlled and is expanded into this `run:` script, where it runs as shell code; pass it through `env:` and quote the variable.',
  script: '"{{context}}" is attacker-controlled and is expanded into this `github-script` script, where it runs as JavaScript; read it from `context.payload` or `process.env`.',
  input: '"{{context}}" is attacker-controlled and is expanded into the `{{input}}` input of {{action}}, which runs it as code; pass it through `env:` and read the variable there.',
  env: '"{{context}}" is set from "{{source}}", which is attacker-controlled, and `${{ }}` pastes it into this script as code; read the variable as `$VAR` (quoted) instead.',
  callerInput: '"{{context}}" is the calling workflow\'s value, expanded into this script as code: a caller passing a pull request title or branch name runs it; pass it through `env:` and quote the variable.',
  callerEnv: '"{{context}}" is set from "{{source}}", the calling workflow\'s value, and `${{ }}` pastes it into this script as code; read the variable as `$VAR` (quoted) instead.',
};

export const INJECTION_REMEDIATION =
  'Pass the value through an environment variable and quote it in the script: `env: TITLE: ${{ github.event.issue.title }}` ' +
  'then `run: echo "$TITLE"` (in `github-script`, read `process.env.TITLE` or `context.payload`). The shell then sees data, ' +
  'never code.';
