// CGW057: an action whose whole job a tool preinstalled on GitHub's runners does (a dated table).
import { slug } from '../../analyzers/github-workflow/uses.ts';
import type { GhaRule } from './support.ts';
import { allUses, SECURE_USE } from './support.ts';

/** Actions and the preinstalled tool that replaces them, as of 2026-11 (zizmor's list). Bump the date on change. */
const SUPERFLUOUS: Readonly<Record<string, string>> = {
  'ncipollo/release-action': 'gh release create',
  'softprops/action-gh-release': 'gh release create',
  'elgohr/github-release-action': 'gh release create',
  'peter-evans/create-pull-request': 'gh pr create',
  'peter-evans/create-or-update-comment': 'gh pr comment / gh issue comment',
  'dacbd/create-issue-action': 'gh issue create',
  'actions-ecosystem/action-add-labels': 'gh issue edit --add-label / gh pr edit --add-label',
  'actions-ecosystem/action-remove-labels': 'gh issue edit --remove-label / gh pr edit --remove-label',
  'svenstaro/upload-release-action': 'gh release create / gh release upload',
  'addnab/docker-run-action': 'docker run',
  'sergeysova/jq-action': 'jq',
  'dtolnay/rust-toolchain': 'rustup',
  'stefanzweifel/git-auto-commit-action': 'git add, git commit, git push',
  'endbug/add-and-commit': 'git add, git commit, git push',
};

export const rule: GhaRule = {
  meta: {
    id: 'CGW057',
    name: 'superfluous-action',
    target: 'github-workflow',
    title: 'Action that a preinstalled runner tool replaces',
    description:
      'Some popular actions only wrap a tool GitHub\'s runner images already have (`gh release create`, `rustup`, ' +
      '`jq`, `git`). Each is third-party code, with its own dependencies, that runs with the job\'s token: more ' +
      'supply chain than the task needs. Not a defect in itself: low, hygiene. From a dated table.',
    severity: 'low',
    tags: ['hygiene'],
    category: 'supply-chain',
    cwe: ['CWE-1357'],
    references: [SECURE_USE, 'https://docs.zizmor.sh/audits/#superfluous-actions'],
    remediation: 'Run the preinstalled tool in a `run:` step (with `GH_TOKEN: ${{ github.token }}` for `gh`).',
    equivalents: ['zizmor:superfluous-actions'],
    messages: { default: '{{uses}} wraps what "{{tool}}" on the runner does; a run: step avoids the third-party code.' },
    examples: {
      bad: ['on:\n  push:\n    tags: [\'v*\']\npermissions:\n  contents: write\njobs:\n  release:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: softprops/action-gh-release@72f2c25fcb47643c292f7107632f7a47c1df5cd8 # v2.3.2\n'],
      good: ['on:\n  push:\n    tags: [\'v*\']\npermissions:\n  contents: write\njobs:\n  release:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: gh release create "$GITHUB_REF_NAME" --repo "$GITHUB_REPOSITORY" --generate-notes\n        env:\n          GH_TOKEN: ${{ github.token }}\n'],
    },
  },
  check(doc, report) {
    for (const { str, ref } of allUses(doc)) {
      if (ref.kind !== 'repository' || ref.path !== '') continue;
      const tool = SUPERFLUOUS[slug(ref)];
      if (tool) report({ range: str.range, data: { uses: slug(ref), tool } });
    }
  },
};
