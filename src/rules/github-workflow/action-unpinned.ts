// CGW003: an action or reusable workflow on a branch, or with no ref.
import { ownersNamed, reportTier } from './pinning.ts';
import type { GhaRule } from './support.ts';
import { SECURE_USE } from './support.ts';

export const rule: GhaRule = {
  meta: {
    id: 'CGW003',
    name: 'action-unpinned',
    target: 'github-workflow',
    title: 'Action used from a branch',
    description:
      'A branch (`@main`, `@master`, `@dev`) runs whatever its owner pushed last: every push to that repository, or ' +
      'to any account that can push there, changes the code that runs in this workflow with its token and secrets. ' +
      'GitHub refuses a remote action with no ref at all.',
    severity: 'high',
    severityContext: [
      'High for a third-party action or reusable workflow: whoever can push to its branch runs code here.',
      'Medium for a first-party one: GitHub\'s own (`actions/*`, `github/*`, under GitHub\'s security response), or one of the owner the workflow names as its repository\'s (`if: github.repository_owner == \'acme\'` or `github.repository == \'acme/app\'`) or the `first_party_owners` option names, which is trusted as the repository itself is; still a moving ref that should be pinned.',
    ],
    options: {
      first_party_owners: {
        type: 'string[]',
        description: 'Owners whose actions and reusable workflows are the repository\'s own (its organisation, e.g. `["acme"]`; in CI, `$GITHUB_REPOSITORY_OWNER`): unpinned ones are reported at medium, as GitHub\'s own are. The file seldom says whose repository it is.',
        default: [],
      },
    },
    category: 'supply-chain',
    cwe: ['CWE-829', 'CWE-494'],
    references: [`${SECURE_USE}#using-third-party-actions`],
    remediation: 'Pin the action to a full commit SHA of a release you reviewed, with the version in a comment (`uses: owner/action@<40-hex sha> # v2.1.0`); let Dependabot or Renovate update it.',
    equivalents: ['zizmor:unpinned-uses'],
    messages: {
      default: '{{uses}}: this {{what}} runs from "{{ref}}", which reads as a branch: whatever is pushed there runs here.',
      noRef: '{{uses}}: this {{what}} has no ref; GitHub refuses it, and any branch it would take moves.',
    },
    examples: {
      bad: ['on: push\npermissions: {}\njobs:\n  lint:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: example/lint-action@main\n'],
      good: ['on: push\npermissions: {}\njobs:\n  lint:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: example/lint-action@8f4b7f84864484a7bf31766abe9204da3cbe65b3 # v1.2.0\n'],
    },
  },
  check(doc, report, ctx) {
    const owners = ownersNamed(doc);
    for (const o of ctx.options['first_party_owners'] as readonly string[]) owners.add(o.toLowerCase());
    reportTier(doc, 'unpinned', report, owners);
  },
};
