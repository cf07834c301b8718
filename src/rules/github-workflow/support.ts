// Helpers the GitHub Actions rules share (workflows here, actions in src/rules/github-action/): reference URLs,
// the attacker-controlled contexts, the script sinks of expressions, and every `uses:` of a file.
import { memo } from '../../analyzers/github-workflow/model.ts';
import type { GhaDoc, PlacedExpression, Step } from '../../analyzers/github-workflow/model.ts';
import { slug } from '../../analyzers/github-workflow/uses.ts';
import type { UsesRef } from '../../analyzers/github-workflow/uses.ts';
import type { Str, YMap, YNode, YPair } from '../../analyzers/yaml/yaml-tree.ts';
import { text } from '../../analyzers/yaml/yaml-tree.ts';
import type { Rule } from '../../core/rule.ts';

export type GhaRule = Rule<GhaDoc>;

/** A page of GitHub's Actions documentation: `reference/workflows-and-actions/workflow-syntax#permissions`. */
export function ghDocs(page: string): string {
  return `https://docs.github.com/en/actions/${page}`;
}

export const WORKFLOW_SYNTAX = ghDocs('reference/workflows-and-actions/workflow-syntax');
export const SECURE_USE = ghDocs('reference/security/secure-use');

/**
 * Context paths whose values anyone who can open an issue, a pull request or a comment, or push a branch to a fork,
 * chooses (GitHub Security Lab's list, as zizmor and actionlint read it). `*` stands for any array index.
 */
const ATTACKER_CONTROLLED = [
  /^github\.event\.(issue|pull_request|discussion)\.(title|body)$/,
  /^github\.event\.(comment|review|review_comment)\.body$/,
  /^github\.event\.pull_request\.head\.(ref|label|repo\.default_branch)$/,
  /^github\.event\.pages\.\*\.page_name$/,
  /^github\.event\.(commits\.\*|head_commit)\.(message|author\.(email|name)|committer\.(email|name))$/,
  /^github\.event\.workflow_run\.(head_branch|display_title|head_commit\.(message|author\.(email|name)|committer\.(email|name)))$/,
  /^github\.event\.workflow_run\.pull_requests\.\*\.head\.ref$/,
  /^github\.head_ref$/,
];

export function isAttackerControlled(path: string): boolean {
  return ATTACKER_CONTROLLED.some((re) => re.test(path));
}

/** Inputs of popular actions that run their value as code (a dated table, 2026-11; CodeQL's and zizmor's lists of
 * injection sinks name the same): `owner/repo` → the inputs. `actions/github-script`'s `script:` has its own message. */
export const CODE_INPUTS: Readonly<Record<string, readonly string[]>> = {
  'actions/github-script': ['script'],
  'amadevus/pwsh-script': ['script'],
  'mikefarah/yq': ['cmd'],
  'azure/cli': ['inlinescript'],
  'azure/powershell': ['inlinescript'],
  'addnab/docker-run-action': ['run'],
  'jannekem/run-python-script-action': ['script'],
};

/** The code an expression is pasted into before it runs: a step's `run:`, `actions/github-script`'s `script:`, or
 * an input of another action that runs it as code (CODE_INPUTS). Returns which, or undefined. */
export function scriptSink(e: PlacedExpression): 'run' | 'script' | 'input' | undefined {
  const step = e.step;
  if (!step) return undefined;
  const tail = e.path.slice(e.path.indexOf(step.index) + 1);
  if (tail.length === 1 && tail[0] === 'run') return 'run';
  const uses = step.uses?.ref;
  if (tail.length !== 2 || tail[0] !== 'with' || uses?.kind !== 'repository') return undefined;
  const action = slug(uses).toLowerCase();
  if (!CODE_INPUTS[action]?.includes(String(tail[1]).toLowerCase())) return undefined;
  return action === 'actions/github-script' ? 'script' : 'input';
}

/** A step's `uses:` with its step, made by a constructor (no allocation site for V8 to pretenure). */
class StepUses {
  str: Str;
  ref: UsesRef;
  step: Step;
  constructor(str: Str, ref: UsesRef, step: Step) {
    this.str = str;
    this.ref = ref;
    this.step = step;
  }
}

/** Every `uses:` of the file: steps' actions and jobs' reusable workflows, in file order (collected once per document
 * for the rules that read them: a shared list, never changed). */
export function allUses(doc: GhaDoc): readonly { str: Str; ref: UsesRef; step?: Step }[] {
  return memo(doc, allUses, () => {
    const out: { str: Str; ref: UsesRef; step?: Step }[] = [];
    for (const job of doc.jobs) if (job.uses) out.push(job.uses);
    for (const step of doc.steps) if (step.uses) out.push(new StepUses(step.uses.str, step.uses.ref, step));
    return out.sort((a, b) => a.str.node.start - b.str.node.start);
  });
}

/** Every `env:` mapping of the file: the workflow's, each job's, each step's (and a composite action's steps'). */
export function allEnvs(doc: GhaDoc): YMap[] {
  const out: YMap[] = [];
  if (doc.env) out.push(doc.env);
  for (const job of doc.jobs) if (job.env) out.push(job.env);
  for (const step of doc.steps) if (step.env) out.push(step.env);
  return out.sort((a, b) => a.start - b.start);
}

/** Whether the workflow runs on any of these events. */
export function triggeredBy(doc: GhaDoc, ...events: string[]): boolean {
  return doc.on.some((t) => events.includes(t.name));
}

/** The events that run a workflow with a fork's input and the base repository's secrets and token. */
export const PRIVILEGED_FORK_TRIGGERS = ['pull_request_target', 'workflow_run'];

/** `permissions:` pairs of the workflow and its jobs. */
export function permissionPairs(doc: GhaDoc): YPair[] {
  return [...(doc.permissions ? [doc.permissions] : []), ...doc.jobs.flatMap((j) => (j.permissions ? [j.permissions] : []))];
}

/** A permissions level as its author meant it: `WRITE` is refused by GitHub (CGW026, which fixes the case), and the
 * rules that judge the grant read it as `write`, so fixing the case never reveals a finding that was not there. */
export function permissionLevel(v: YNode): string | undefined {
  return text(v)?.toLowerCase();
}
