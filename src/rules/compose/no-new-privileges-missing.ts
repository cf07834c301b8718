// CGC013: `security_opt` lacks `no-new-privileges:true`.
import { effective } from '../../analyzers/compose/services.ts';
import { lacks, specUrl, stringItems } from './support.ts';
import type { ComposeRule } from './support.ts';
import { appendToMap, yamlFix } from '../yaml-fix.ts';

const NO_NEW_PRIVILEGES = /^\s*no-new-privileges\s*([:=]\s*true\s*)?$/i;

export const rule: ComposeRule = {
  meta: {
    id: 'CGC013',
    name: 'no-new-privileges-missing',
    target: 'compose',
    title: 'Processes may gain new privileges',
    description:
      'Without `no-new-privileges`, a process in the container can gain privileges through setuid or setgid ' +
      'binaries and file capabilities, which turns many local bugs into root in the container.',
    severity: 'low',
    severityContext: [
      'Hardening (the policy names `no-new-privileges`): it matters only once an attacker runs code in the container and a setuid binary is there to use.',
      'KICS rates it high; we differ because the policy keeps hardening gaps out of the default gate.',
    ],
    category: 'security',
    cwe: ['CWE-250'],
    references: [specUrl('services#security_opt'), 'https://docs.docker.com/reference/cli/docker/container/run/#security-opt'],
    remediation: 'Add `security_opt: ["no-new-privileges:true"]` to the service.',
    equivalents: ['kics:27fcc7d6-c49b-46e0-98f1-6c082a6a2750'],
    tags: ['hardening'],
    messages: { default: 'Service "{{service}}" does not set security_opt "no-new-privileges:true".' },
    examples: {
      bad: ['services:\n  web:\n    image: example/web:2.0\n', 'services:\n  web:\n    image: example/web:2.0\n    security_opt: [apparmor=docker-default]\n'],
      good: ['services:\n  web:\n    image: example/web:2.0\n    security_opt:\n      - no-new-privileges:true\n'],
    },
  },
  check(doc, report) {
    for (const s of doc.services) {
      const opts = effective(s, 'security_opt');
      if (!opts) {
        const add = appendToMap(doc.pos.text, s.node, ['security_opt:', '  - no-new-privileges:true']);
        if (lacks(s, 'security_opt')) report({ range: s.keyRange, data: { service: s.name }, fix: add ? yamlFix(doc.pos.text, 'Add security_opt: no-new-privileges:true.', [add], 'unsafe') : undefined });
      } else if (!stringItems(opts.value).some((o) => NO_NEW_PRIVILEGES.test(o.value))) {
        report({ range: opts.keyNode.range, data: { service: s.name } });
      }
    }
  },
};
