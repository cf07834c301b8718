// CGC027: service has no memory limit.
import { deployLimit, lacks, limitsAnchor, specUrl } from './support.ts';
import type { ComposeRule } from './support.ts';

export const rule: ComposeRule = {
  meta: {
    id: 'CGC027',
    name: 'memory-limit-missing',
    target: 'compose',
    title: 'Service has no memory limit',
    description:
      'A service without a memory limit can take all of the host\'s memory (a leak, a large request, an attack), ' +
      'and the kernel\'s out-of-memory killer then picks a victim among every service on the host.',
    severity: 'low',
    severityContext: [
      'Hardening (the policy names limits): the risk is the host\'s availability, which the file\'s deployment may handle elsewhere.',
      'KICS rates it medium.',
    ],
    category: 'reliability',
    references: [specUrl('deploy#resources'), specUrl('services#mem_limit')],
    remediation: 'Set `deploy.resources.limits.memory` (or `mem_limit`) to what the service needs plus headroom.',
    equivalents: ['kics:bb9ac4f7-e13b-423d-a010-c74a1bfbe492'],
    tags: ['hardening'],
    messages: { default: 'Service "{{service}}" has no memory limit.' },
    examples: {
      bad: ['services:\n  api:\n    image: example/api:1.0\n'],
      good: ['services:\n  api:\n    image: example/api:1.0\n    deploy:\n      resources:\n        limits:\n          memory: 512M\n', 'services:\n  api:\n    image: example/api:1.0\n    mem_limit: 512m\n'],
    },
  },
  check(doc, report) {
    for (const s of doc.services) {
      if (lacks(s, 'mem_limit') && deployLimit(s, 'memory') === undefined) report({ range: limitsAnchor(s), data: { service: s.name } });
    }
  },
};
