// CGW005: a GitHub-owned action (`actions/*`, `github/*`) on a version tag.
import { reportTier } from './pinning.ts';
import type { GhaRule } from './support.ts';
import { SECURE_USE } from './support.ts';

export const rule: GhaRule = {
  meta: {
    id: 'CGW005',
    name: 'github-action-pinned-by-tag',
    target: 'github-workflow',
    title: 'GitHub-owned action pinned by a tag',
    description:
      '`actions/*` and `github/*` are maintained by GitHub under its own security response, so their tags are far ' +
      'less likely to be moved by an attacker than a third party\'s; a tag is still not immutable. Hygiene: pinning ' +
      'the SHA makes every run reproducible and is what GitHub\'s SHA-pinning policy for organisations enforces.',
    severity: 'low',
    category: 'supply-chain',
    cwe: ['CWE-829'],
    references: [`${SECURE_USE}#using-third-party-actions`],
    remediation: 'Pin the full commit SHA with the tag in a comment (`uses: actions/checkout@<40-hex sha> # v4.2.2`).',
    equivalents: ['zizmor:unpinned-uses'],
    messages: {
      default: '{{uses}}: pinned by the tag "{{ref}}"; a commit SHA makes the run reproducible.',
    },
    examples: {
      bad: ['on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/checkout@v4\n'],
      good: ['on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2\n'],
    },
  },
  check(doc, report) {
    reportTier(doc, 'github-tag', report);
  },
};
