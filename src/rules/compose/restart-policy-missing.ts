// CGC026: service has no restart policy.
import { effective } from '../../analyzers/compose/services.ts';
import { get } from '../../analyzers/yaml/yaml-tree.ts';
import { lacks, specUrl } from './support.ts';
import type { ComposeRule } from './support.ts';

export const rule: ComposeRule = {
  meta: {
    id: 'CGC026',
    name: 'restart-policy-missing',
    target: 'compose',
    title: 'Service has no restart policy',
    description:
      'Without `restart` (or `deploy.restart_policy`) a service that crashes, or a host that reboots, leaves ' +
      'the service down until someone notices.',
    severity: 'low',
    severityContext: [
      'Availability hygiene: a crashed service stays down.',
    ],
    category: 'reliability',
    references: [specUrl('services#restart'), 'https://docs.docker.com/engine/containers/start-containers-automatically/'],
    remediation: 'Set `restart: unless-stopped` (or `on-failure:5` for jobs), or `deploy.restart_policy` for Swarm.',
    equivalents: [],
    tags: ['hygiene'],
    messages: { default: 'Service "{{service}}" has no restart policy.' },
    examples: {
      bad: ['services:\n  api:\n    image: example/api:1.0\n'],
      good: ['services:\n  api:\n    image: example/api:1.0\n    restart: unless-stopped\n'],
    },
  },
  check(doc, report) {
    for (const s of doc.services) {
      if (lacks(s, 'restart') && get(effective(s, 'deploy')?.value, 'restart_policy') === undefined) report({ range: s.keyRange, data: { service: s.name } });
    }
  },
};
