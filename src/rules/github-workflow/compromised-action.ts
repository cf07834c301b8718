// CGW006: an action at a version a published advisory names as compromised (the dated table beside this file).
import { slug } from '../../analyzers/github-workflow/uses.ts';
import { COMPROMISED_ACTIONS, COMPROMISED_ACTIONS_VERSION, compromised } from './compromised-actions.ts';
import { refRange } from './pinning.ts';
import type { GhaRule } from './support.ts';
import { allUses } from './support.ts';

export const rule: GhaRule = {
  meta: {
    id: 'CGW006',
    name: 'compromised-action',
    target: 'github-workflow',
    title: 'Action at a known-compromised version',
    description:
      'The action, at this ref, is named by a published security advisory as having served malicious code: ' +
      `${COMPROMISED_ACTIONS.map((a) => `\`${a.slug}\` (${a.advisory}, ${a.when})`).join(', ')}. ` +
      'The code dumped the runner\'s memory, secrets included, into the build log. The table is offline and dated ' +
      `(version ${COMPROMISED_ACTIONS_VERSION}); the analysis makes no network request.`,
    severity: 'critical',
    category: 'supply-chain',
    cwe: ['CWE-506', 'CWE-829'],
    references: ['https://github.com/advisories/GHSA-mrrh-fwg8-r2c3', 'https://github.com/advisories/GHSA-qmg3-hpqr-gqvc'],
    remediation: 'Move to a fixed release pinned by its full commit SHA, rotate every secret the workflow could read, and check the logs of runs in the advisory\'s window for leaked values.',
    equivalents: ['zizmor:known-vulnerable-actions'],
    messages: {
      default: '{{uses}} is named by {{advisory}} as compromised.',
      commit: '{{uses}}: this commit served malicious code ({{advisory}}, {{when}}); rotate the secrets this workflow could read.',
      tag: '{{uses}}: {{advisory}} lists this version as compromised ({{when}}); move to a fixed release pinned by its commit SHA.',
    },
    examples: {
      bad: ['on: pull_request\npermissions: {}\njobs:\n  files:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: tj-actions/changed-files@v45\n'],
      good: ['on: pull_request\npermissions: {}\njobs:\n  files:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: tj-actions/changed-files@ed68ef82c095e0d48ec87eccea555d944a631a4c # a fixed release (46.0.1 or later)\n'],
    },
  },
  check(doc, report) {
    for (const u of allUses(doc)) {
      if (u.ref.kind !== 'repository') continue;
      const hit = compromised(slug(u.ref), u.ref.ref);
      if (hit) report({ range: refRange(u.str, doc), messageId: hit.how, data: { uses: u.str.value.trim(), advisory: hit.entry.advisory, when: hit.entry.when } });
    }
  },
};
