// CGW010: `secrets: inherit` on a reusable workflow call.
import { text } from '../../analyzers/yaml/yaml-tree.ts';
import type { GhaRule } from './support.ts';
import { ghDocs } from './support.ts';

export const rule: GhaRule = {
  meta: {
    id: 'CGW010',
    name: 'secrets-inherit',
    target: 'github-workflow',
    title: 'Every secret passed to a reusable workflow',
    description:
      '`secrets: inherit` hands the called workflow every secret this repository and its organisation hold, not only ' +
      'those it declares. A called workflow that is compromised or changed (a third-party one on a tag) then reads ' +
      'them all. Hygiene for a workflow of the same repository; worth naming the secrets for any other.',
    severity: 'low',
    severityContext: [
      'Medium when the called workflow is in another repository: its owner, not this repository, decides what it does with every secret.',
    ],
    category: 'secrets',
    cwe: ['CWE-200', 'CWE-272'],
    references: [ghDocs('how-tos/reuse-automations/reuse-workflows#passing-inputs-and-secrets-to-a-reusable-workflow')],
    remediation: 'Pass the secrets the called workflow declares by name: `secrets: { NPM_TOKEN: ${{ secrets.NPM_TOKEN }} }`.',
    equivalents: ['zizmor:secrets-inherit'],
    messages: { default: 'Job "{{job}}" passes every secret to "{{uses}}"; name the ones it needs.' },
    examples: {
      bad: ['on: push\npermissions: {}\njobs:\n  release:\n    uses: ./.github/workflows/release.yml\n    secrets: inherit\n'],
      good: ['on: push\npermissions: {}\njobs:\n  release:\n    uses: ./.github/workflows/release.yml\n    secrets:\n      NPM_TOKEN: ${{ secrets.NPM_TOKEN }}\n'],
    },
  },
  check(doc, report) {
    for (const job of doc.jobs) {
      if (!job.secrets || text(job.secrets.value) !== 'inherit') continue;
      const remote = job.uses?.ref.kind === 'repository';
      report({ range: job.secrets.value.range, data: { job: job.id, uses: job.uses?.str.value ?? '' }, severity: remote ? 'medium' : 'low' });
    }
  },
};
