// CGW002: a workflow run with the base repository's secrets and token (pull_request_target, workflow_run) that
// checks out the pull request's code.
import { contextPath, findExpressions, parseExpression, walk } from '../../analyzers/github-workflow/expression.ts';
import type { Expr } from '../../analyzers/github-workflow/expression.ts';
import type { GhaDoc, Step } from '../../analyzers/github-workflow/model.ts';
import type { Str } from '../../analyzers/yaml/yaml-tree.ts';
import { slug } from '../../analyzers/github-workflow/uses.ts';
import type { GhaRule } from './support.ts';
import { PRIVILEGED_FORK_TRIGGERS, SECURE_USE, triggeredBy } from './support.ts';

/** Context paths naming the head (the fork's side) of a pull request or of the run that triggered this one. */
const HEAD = /^github\.(head_ref|event\.pull_request\.(head\.(sha|ref|label|repo\.full_name)|number|merge_commit_sha)|event\.workflow_run\.(head_sha|head_branch|head_repository\.full_name|pull_requests\.\*\.(head\.(sha|ref)|number))|event\.number)$/;

function isCheckout(step: Step): boolean {
  const ref = step.uses?.ref;
  return ref?.kind === 'repository' && slug(ref) === 'actions/checkout';
}

/** The first head context an expression of the step names, if any. */
function headIn(doc: GhaDoc, step: Step | undefined): string | undefined {
  if (!step) return undefined;
  for (const e of doc.expressions) {
    if (e.step !== step || !e.expression.expr) continue;
    let found: string | undefined;
    walk(e.expression.expr, (n) => {
      const p = found === undefined ? contextPath(n) : undefined;
      if (p !== undefined && HEAD.test(p)) found = p;
    });
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The expression of an `if:` (written with or without `${{ }}`). */
function condition(s: Str | undefined): Expr | undefined {
  if (!s) return undefined;
  const [only, ...more] = findExpressions(s.value);
  if (only && more.length === 0 && s.value.trim().startsWith('${{') && s.value.trim().endsWith('}}')) return only.expr;
  return s.value.includes('${{') ? undefined : parseExpression(s.value).expr;
}

/** Whether a condition requires, as one of its `&&` terms, that the pull request's author is a bot (its login cannot be taken). */
function requiresBotAuthor(e: Expr | undefined): boolean {
  if (!e || e.kind !== 'binary') return false;
  if (e.op === '&&') return requiresBotAuthor(e.left) || requiresBotAuthor(e.right);
  if (e.op !== '==') return false;
  return [[e.left, e.right], [e.right, e.left]].some(([a, b]) => contextPath(a!) === 'github.event.pull_request.user.login' && b!.kind === 'literal' && typeof b!.value === 'string' && /\[bot\]$/i.test(b!.value));
}

export const rule: GhaRule = {
  meta: {
    id: 'CGW002',
    name: 'untrusted-checkout',
    target: 'github-workflow',
    title: 'Pull request code checked out in a privileged workflow',
    description:
      '`pull_request_target` and `workflow_run` run in the base repository with its secrets and a token that can ' +
      'write, even for pull requests from forks. Checking out the pull request\'s head (`ref: ${{ github.event.pull_request.head.sha }}`, ' +
      '`github.head_ref`, `refs/pull/N/merge`, or an earlier step\'s output made from them) puts the fork author\'s code in the workspace, and any build, test or ' +
      'install step then runs it with those privileges ("pwn request").',
    severity: 'high',
    severityContext: [
      'Critical when a later step of the same job runs anything (a `run:` script, an action other than a checkout): the fork\'s code then runs with the base repository\'s secrets and token.',
      'High when nothing after the checkout runs in that job: the code is only read, but one edit to the job makes it a pwn request.',
      'Medium when the job or the step runs only for pull requests a bot wrote (`github.event.pull_request.user.login == \'dependabot[bot]\'` as an `&&` term): the author cannot be taken over, so what runs is the bot\'s update, not a stranger\'s code; the dependency it brings is still run with the base repository\'s secrets.',
    ],
    category: 'security',
    cwe: ['CWE-829', 'CWE-94'],
    references: ['https://securitylab.github.com/resources/github-actions-preventing-pwn-requests/', `${SECURE_USE}#mitigating-the-risks-of-untrusted-code-checkout`],
    remediation:
      'Run untrusted code under `pull_request` (no secrets, read-only token); when a privileged step is needed, split ' +
      'the work: build in a `pull_request` workflow, upload the result as an artifact, and handle it in a ' +
      '`workflow_run` workflow that never executes it.',
    equivalents: [],
    messages: {
      default: 'This checkout fetches the pull request\'s code ({{context}}) in a workflow run on {{trigger}}, with the base repository\'s secrets and token.',
      runs: 'This checkout fetches the pull request\'s code ({{context}}) in a workflow run on {{trigger}}, and later steps run it with the base repository\'s secrets and token.',
    },
    examples: {
      bad: ['on: pull_request_target\npermissions:\n  contents: read\njobs:\n  test:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/checkout@v4\n        with:\n          ref: ${{ github.event.pull_request.head.sha }}\n      - run: npm test\n'],
      good: ['on: pull_request\npermissions:\n  contents: read\njobs:\n  test:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/checkout@v4\n      - run: npm test\n'],
    },
  },
  check(doc, report) {
    if (!triggeredBy(doc, ...PRIVILEGED_FORK_TRIGGERS)) return;
    const trigger = doc.on.find((t) => PRIVILEGED_FORK_TRIGGERS.includes(t.name))!.name;
    for (const e of doc.expressions) {
      const step = e.step;
      if (!step || !isCheckout(step) || e.path[e.path.length - 2] !== 'with' || !['ref', 'repository'].includes(String(e.path[e.path.length - 1]))) continue;
      const expr = e.expression.expr;
      if (!expr) continue;
      let found: string | undefined;
      walk(expr, (n) => {
        const p = found === undefined ? contextPath(n) : undefined;
        if (p === undefined) return;
        if (HEAD.test(p)) found = p;
        // One step back: an earlier step's output made from the head (`haya14busa/action-cond` choosing
        // `refs/pull/${{ github.event.pull_request.number }}/merge`, a script echoing the head sha).
        const id = /^steps\.([^.]+)\.outputs\./.exec(p)?.[1];
        const from = id === undefined ? undefined : headIn(doc, step.job?.steps.find((s) => s.id?.value === id && s.index < step.index));
        if (from !== undefined) found = `${from}, through ${p}`;
      });
      if (found === undefined) continue;
      const later = step.job?.steps.slice(step.job.steps.indexOf(step) + 1) ?? [];
      const runs = later.some((s) => s.run !== undefined || (s.uses !== undefined && !isCheckout(s)));
      const bot = requiresBotAuthor(condition(step.job?.if)) || requiresBotAuthor(condition(step.if));
      report({ range: e.range, messageId: runs ? 'runs' : 'default', data: { context: found, trigger }, severity: bot ? 'medium' : runs ? 'critical' : 'high' });
    }
  },
};
