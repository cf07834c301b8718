// CGC029: service has no process limit.
import { deployLimit, lacks, specUrl } from './support.ts';
import type { ComposeRule } from './support.ts';

export const rule: ComposeRule = {
  meta: {
    id: 'CGC029',
    name: 'pids-limit-missing',
    target: 'compose',
    title: 'Service has no process limit',
    description:
      'Without `pids_limit` a fork bomb or a runaway worker pool in one container exhausts the host\'s process ' +
      'table and takes every other service down. Opt-in: most small deployments do without it.',
    severity: 'low',
    severityContext: [
      'Opt-in hardening.',
      'KICS rates it medium.',
    ],
    category: 'reliability',
    references: [specUrl('services#pids_limit')],
    remediation: 'Set `pids_limit` (or `deploy.resources.limits.pids`) to a few times the number of processes the service normally runs.',
    equivalents: ['kics:221e0658-cb2a-44e3-b08a-db96a341d6fa'],
    tags: ['hardening'],
    messages: { default: 'Service "{{service}}" has no process (pids) limit.' },
    examples: {
      bad: ['services:\n  api:\n    image: example/api:1.0\n'],
      good: ['services:\n  api:\n    image: example/api:1.0\n    pids_limit: 200\n'],
    },
    optIn: true,
  },
  check(doc, report) {
    for (const s of doc.services) {
      if (lacks(s, 'pids_limit') && deployLimit(s, 'pids') === undefined) report({ range: s.keyRange, data: { service: s.name } });
    }
  },
};
