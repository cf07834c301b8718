// CGC028: service has no cpu limit.
import { deployLimit, lacks, limitsAnchor, specUrl } from './support.ts';
import type { ComposeRule } from './support.ts';

export const rule: ComposeRule = {
  meta: {
    id: 'CGC028',
    name: 'cpu-limit-missing',
    target: 'compose',
    title: 'Service has no CPU limit',
    description:
      'A service without a CPU limit can starve every other service on the host when it spins, whether from a ' +
      'bug or a request designed to be expensive.',
    severity: 'low',
    severityContext: [
      'Hardening (the policy names limits).',
      'KICS rates it low.',
    ],
    category: 'reliability',
    references: [specUrl('deploy#resources'), specUrl('services#cpus')],
    remediation: 'Set `deploy.resources.limits.cpus` (or `cpus`) to the share of the host the service may use.',
    equivalents: ['kics:6b610c50-99fb-4ef0-a5f3-e312fd945bc3'],
    tags: ['hardening'],
    messages: { default: 'Service "{{service}}" has no CPU limit.' },
    examples: {
      bad: ['services:\n  api:\n    image: example/api:1.0\n'],
      good: ['services:\n  api:\n    image: example/api:1.0\n    deploy:\n      resources:\n        limits:\n          cpus: "0.5"\n', 'services:\n  api:\n    image: example/api:1.0\n    cpus: 1.5\n'],
    },
  },
  check(doc, report) {
    for (const s of doc.services) {
      if (lacks(s, 'cpus', 'cpu_quota') && deployLimit(s, 'cpus') === undefined) report({ range: limitsAnchor(s), data: { service: s.name } });
    }
  },
};
