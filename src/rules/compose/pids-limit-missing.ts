// CGC029: service has no process limit.
import { deployLimit, lacks, limitsAnchor, specUrl } from './support.ts';
import type { ComposeRule } from './support.ts';
import { get, text } from '../../analyzers/yaml/yaml-tree.ts';

const UNLIMITED = /^\s*(-1|0)\s*$/;

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
    messages: {
      default: 'Service "{{service}}" has no process (pids) limit.',
      unlimited: 'Service "{{service}}" sets its process (pids) limit to {{value}}, which means no limit.',
    },
    examples: {
      bad: ['services:\n  api:\n    image: example/api:1.0\n'],
      good: ['services:\n  api:\n    image: example/api:1.0\n    pids_limit: 200\n'],
    },
    optIn: true,
  },
  check(doc, report) {
    for (const s of doc.services) {
      // Docker reads 0 and -1 as "unlimited": the same as no limit, pointed at where it is written.
      const unlimited = [get(s.node, 'pids_limit'), deployLimit(s, 'pids')].find((n) => UNLIMITED.test(text(n) ?? ''));
      if (unlimited) report({ range: unlimited.range, messageId: 'unlimited', data: { service: s.name, value: text(unlimited)! } });
      else if (lacks(s, 'pids_limit') && deployLimit(s, 'pids') === undefined) report({ range: limitsAnchor(s), data: { service: s.name } });
    }
  },
};
