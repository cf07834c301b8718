// CGC011: the default capability set is kept (no `cap_drop: [ALL]`).
import { effective } from '../../analyzers/compose/services.ts';
import { capabilityName, isTrue, lacks, specUrl, stringItems } from './support.ts';
import type { ComposeRule } from './support.ts';

export const rule: ComposeRule = {
  meta: {
    id: 'CGC011',
    name: 'capabilities-not-dropped',
    target: 'compose',
    title: 'Service keeps the default Linux capabilities',
    description:
      'Docker grants every container a default set of capabilities (`CHOWN`, `SETUID`, `NET_RAW`, ...). Most ' +
      'services need none of them; dropping them all and adding back only what is needed limits what an ' +
      'attacker who gets code execution can do.',
    severity: 'low',
    severityContext: [
      'Hardening (the policy names default capabilities): Docker\'s default set is already restricted.',
      'KICS rates it medium.',
    ],
    category: 'security',
    cwe: ['CWE-250'],
    references: [specUrl('services#cap_drop'), 'https://docs.docker.com/engine/containers/run/#runtime-privilege-and-linux-capabilities'],
    remediation: 'Add `cap_drop: [ALL]` and list only the capabilities the service needs under `cap_add`.',
    equivalents: ['kics:ce76b7d0-9e77-464d-b86f-c5c48e03e22d'],
    tags: ['hardening'],
    messages: {
      default: 'Service "{{service}}" does not drop capabilities; add cap_drop: [ALL].',
      notAll: 'Service "{{service}}" drops some capabilities but not ALL.',
    },
    examples: {
      bad: ['services:\n  web:\n    image: example/web:2.0\n'],
      good: ['services:\n  web:\n    image: example/web:2.0\n    cap_drop: [ALL]\n'],
    },
  },
  check(doc, report) {
    for (const s of doc.services) {
      // A privileged service has every capability whatever it drops; CGC003 reports that.
      if (isTrue(effective(s, 'privileged')?.value)) continue;
      const drop = effective(s, 'cap_drop');
      if (!drop) {
        if (lacks(s, 'cap_drop')) report({ range: s.keyRange, data: { service: s.name } });
      } else if (!stringItems(drop.value).some((c) => capabilityName(c.value) === 'ALL')) {
        report({ range: drop.keyNode.range, messageId: 'notAll', data: { service: s.name } });
      }
    }
  },
};
