// CGW004: a third-party action or reusable workflow on a version tag.
import { reportTier } from './pinning.ts';
import type { GhaRule } from './support.ts';
import { SECURE_USE } from './support.ts';

export const rule: GhaRule = {
  meta: {
    id: 'CGW004',
    name: 'action-pinned-by-tag',
    target: 'github-workflow',
    title: 'Third-party action pinned by a tag',
    description:
      'A tag is a movable name: whoever controls the action\'s repository (its owner, or an attacker with a stolen ' +
      'token) can point it at other code. In March 2025 every tag of `tj-actions/changed-files` was moved to a ' +
      'commit that printed the secrets of some 23,000 repositories\' workflows into their logs. Only a full commit ' +
      'SHA is immutable. A real risk rather than a defect on its own: medium.',
    severity: 'medium',
    category: 'supply-chain',
    cwe: ['CWE-829', 'CWE-494'],
    references: [`${SECURE_USE}#using-third-party-actions`, 'https://github.com/advisories/GHSA-mrrh-fwg8-r2c3'],
    remediation: 'Pin the action to the full commit SHA the tag names today, with the tag in a comment (`uses: owner/action@<40-hex sha> # v2.1.0`); let Dependabot or Renovate update it.',
    equivalents: ['zizmor:unpinned-uses'],
    messages: {
      default: '{{uses}}: this {{what}} is pinned by the tag "{{ref}}", which its repository can move to other code; pin the commit SHA.',
    },
    examples: {
      bad: ['on: push\npermissions: {}\njobs:\n  lint:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: example/lint-action@v1\n'],
      good: ['on: push\npermissions: {}\njobs:\n  lint:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: example/lint-action@8f4b7f84864484a7bf31766abe9204da3cbe65b3 # v1\n'],
    },
  },
  check(doc, report) {
    reportTier(doc, 'tag', report);
  },
};
