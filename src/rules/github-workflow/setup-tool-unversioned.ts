// CGW038: a setup action without a version input: the tool's version is whatever the runner or the action's
// default gives today.
import { slug } from '../../analyzers/github-workflow/uses.ts';
import { getPair } from '../../analyzers/yaml/yaml-tree.ts';
import { alwaysFalse } from './constant-condition.ts';
import type { GhaRule } from './support.ts';

/**
 * Setup actions whose version, without an input, is not decided by the repository (the runner's preinstalled tool,
 * or the latest release), and their version inputs; as of 2025-11. Actions that read a version file of the
 * repository by default (actions/setup-python's .python-version, actions/setup-dotnet's global.json,
 * astral-sh/setup-uv's required-version, ruby/setup-ruby's .ruby-version, pnpm/action-setup's packageManager) are not listed.
 */
export const SETUP_ACTIONS_DATE = '2025-11';
const SETUP: Readonly<Record<string, readonly string[]>> = {
  'actions/setup-node': ['node-version', 'node-version-file'],
  'actions/setup-go': ['go-version', 'go-version-file'],
  'hashicorp/setup-terraform': ['terraform_version'],
  'azure/setup-helm': ['version'],
  'azure/setup-kubectl': ['version'],
  'aquasecurity/setup-trivy': ['version'],
  '1password/load-secrets-action': ['version'],
};

export const rule: GhaRule = {
  meta: {
    id: 'CGW038',
    name: 'setup-tool-unversioned',
    target: 'github-workflow',
    title: 'Setup action without a tool version',
    description:
      'A setup action given no version installs the latest release or falls back to whatever the runner image ' +
      'ships, which changes with each image update: the same commit builds with another compiler or runtime from ' +
      'one week to the next, and a broken or compromised new release is picked up unreviewed. Reproducibility ' +
      `hygiene: low. The table of setup actions and their version inputs is dated (${SETUP_ACTIONS_DATE}).`,
    severity: 'low',
    category: 'best-practice',
    references: ['https://docs.zizmor.sh/audits/#unpinned-tools', 'https://github.com/actions/setup-node#usage'],
    remediation: 'Give the version input (`node-version: 22`), or a version file kept in the repository (`node-version-file: .nvmrc`).',
    equivalents: ['zizmor:unpinned-tools'],
    messages: {
      default: '{{action}} is given no version ({{inputs}}): the tool version changes with the runner image or the latest release.',
      latest: '{{action}} is given {{input}}: latest, which is no version: the tool changes with each release.',
    },
    examples: {
      bad: ['on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/setup-node@v4\n      - run: npm test\n'],
      good: ['on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/setup-node@v4\n        with:\n          node-version: 22\n      - run: npm test\n'],
    },
  },
  check(doc, report) {
    for (const step of doc.steps) {
      const ref = step.uses?.ref;
      if (ref?.kind !== 'repository' || ref.path !== '') continue;
      const action = slug(ref);
      const inputs = SETUP[action];
      // A step that never runs (`if: false`) installs nothing.
      if (!inputs || alwaysFalse(step.if)) continue;
      const given = inputs.map((k) => getPair(step.with, k)).find((p) => p !== undefined);
      if (!given) report({ range: step.uses!.str.range, data: { action, inputs: inputs.join(' or ') } });
      // `latest` written out is no version either.
      else if (given.value.kind === 'scalar' && String(given.value.value).trim().toLowerCase() === 'latest') report({ range: given.value.range, messageId: 'latest', data: { action, input: given.key } });
    }
  },
};
