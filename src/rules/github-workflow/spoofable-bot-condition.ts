// CGW023: a fork-triggered workflow that trusts a bot by `github.actor` (who caused the run, not who wrote the code).
import { contextPath, parseExpression, walk } from '../../analyzers/github-workflow/expression.ts';
import type { Expr } from '../../analyzers/github-workflow/expression.ts';
import { subRange } from '../../analyzers/yaml/yaml-tree.ts';
import type { Range } from '../../core/types.ts';
import type { GhaRule } from './support.ts';
import { triggeredBy } from './support.ts';

// Not `github.event.pull_request.user.login`: the pull request's author, which nobody else can become (the check
// the remediation recommends).
const ACTOR = new Set(['github.actor', 'github.triggering_actor', 'github.event.sender.login']);
/** The same actors by numeric id, and the ids of the bots that automation checks for (Dependabot, GitHub Actions,
 * Renovate, pre-commit-ci: their public user ids). */
const ACTOR_ID = new Set(['github.actor_id', 'github.triggering_actor_id', 'github.event.sender.id']);
const BOT_IDS = new Set(['49699333', '41898282', '29139614', '66853113']);
/** Fork-triggered events where the actor is whoever last acted, which an attacker can arrange to be a bot. */
const TRIGGERS = ['pull_request_target', 'workflow_run', 'issue_comment'];

export const rule: GhaRule = {
  meta: {
    id: 'CGW023',
    name: 'spoofable-bot-condition',
    target: 'github-workflow',
    title: 'Bot check on the actor in a fork-triggered workflow',
    description:
      '`github.actor` is whoever caused this run, not who wrote the code: on `pull_request_target`, `workflow_run` ' +
      'or `issue_comment`, an attacker can make Dependabot (or another bot) the actor of a run over their own pull ' +
      'request — by asking it to rebase, or by a bot\'s follow-up push — and so pass `if: github.actor == ' +
      '\'dependabot[bot]\'`, typically guarding an auto-merge or a privileged step.',
    severity: 'high',
    category: 'security',
    cwe: ['CWE-290'],
    references: ['https://securitylab.github.com/resources/github-actions-preventing-pwn-requests/', 'https://docs.zizmor.sh/audits/#bot-conditions'],
    remediation: 'Check who wrote the pull request and that nobody else pushed: `github.event.pull_request.user.login == \'dependabot[bot]\'` together with the head commit\'s author, or use `dependabot/fetch-metadata`; better, run such automation on `pull_request`.',
    equivalents: ['zizmor:bot-conditions'],
    messages: { default: 'On {{trigger}}, "{{context}}" names whoever caused the run, which an attacker can make a bot; this check does not prove who wrote the code.' },
    examples: {
      bad: ["on: pull_request_target\npermissions:\n  contents: write\njobs:\n  automerge:\n    if: github.actor == 'dependabot[bot]'\n    runs-on: ubuntu-24.04\n    steps:\n      - run: gh pr merge --auto \"$PR\"\n        env:\n          PR: ${{ github.event.pull_request.html_url }}\n"],
      good: ["on: pull_request\npermissions:\n  contents: read\njobs:\n  test:\n    if: github.actor == 'dependabot[bot]'\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make test\n"],
    },
  },
  check(doc, report) {
    if (!triggeredBy(doc, ...TRIGGERS)) return;
    const trigger = doc.on.find((t) => TRIGGERS.includes(t.name))!.name;
    const conds = [...doc.jobs.flatMap((j) => (j.if ? [j.if] : [])), ...doc.steps.flatMap((s) => (s.if ? [s.if] : []))].sort((a, b) => a.node.start - b.node.start);
    // Each condition's expressions, with how to place a part of one: the `${{ }}` of the file, or the bare text.
    const parts: { expr: Expr; rangeOf: (span: { start: number; end: number }) => Range }[] = [];
    for (const cond of conds) {
      if (cond.value.includes('${{')) {
        for (const e of doc.expressions) if (e.node === cond.node && e.expression.expr) parts.push({ expr: e.expression.expr, rangeOf: e.rangeOf });
      } else {
        const { expr } = parseExpression(cond.value);
        if (expr) parts.push({ expr, rangeOf: (span) => subRange(cond.node, doc.pos, span.start, span.end) });
      }
    }
    for (const { expr, rangeOf } of parts) {
      walk(expr, (n) => {
        if (n.kind !== 'binary' || (n.op !== '==' && n.op !== '!=')) return;
        for (const [side, other] of [[n.left, n.right], [n.right, n.left]] as const) {
          const path = contextPath(side);
          if (path === undefined || other.kind !== 'literal') continue;
          const byName = ACTOR.has(path) && typeof other.value === 'string' && /\[bot\]$/i.test(other.value);
          const byId = ACTOR_ID.has(path) && BOT_IDS.has(String(other.value));
          if (!byName && !byId) continue;
          report({ range: rangeOf(side), data: { trigger, context: path } });
        }
      });
    }
  },
};
