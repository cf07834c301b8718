// CGC012: `security_opt` that turns off seccomp, AppArmor or SELinux confinement.
import { get } from '../../analyzers/yaml/yaml-tree.ts';
import { specUrl, stringItems } from './support.ts';
import type { ComposeRule } from './support.ts';

/** `seccomp:unconfined`, `apparmor=unconfined`, `label:disable`, `systempaths=unconfined` (either separator). */
// `label:seccomp:unconfined` (the legacy colon form behind a `label` prefix, seen in the wild) asks for the same.
const UNCONFINED = /^\s*(?:label\s*[:=]\s*)?(seccomp|apparmor|systempaths)\s*[:=]\s*unconfined\s*$|^\s*label\s*[:=]\s*disable\s*$/i;

export const rule: ComposeRule = {
  meta: {
    id: 'CGC012',
    name: 'unconfined-security-profile',
    target: 'compose',
    title: 'Service disables a kernel security profile',
    description:
      'Seccomp filters the system calls a container may make, AppArmor and SELinux confine what it may touch, ' +
      'and masked system paths hide host kernel interfaces. Turning any of them off removes a layer that ' +
      'stops many container escapes.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: seccomp or AppArmor off (the policy names it).',
      'KICS rates it medium.',
    ],
    category: 'security',
    cwe: ['CWE-693'],
    references: [specUrl('services#security_opt'), 'https://docs.docker.com/engine/security/seccomp/'],
    remediation: 'Remove the option; if a system call is genuinely needed, use a custom seccomp profile that allows just that call.',
    equivalents: ['kics:404fde2c-bc4b-4371-9747-7054132ac953'],
    messages: { default: 'Service "{{service}}" sets security_opt "{{option}}", removing kernel confinement.' },
    examples: {
      bad: ['services:\n  app:\n    image: example/app:1.0\n    security_opt:\n      - seccomp:unconfined\n'],
      good: ['services:\n  app:\n    image: example/app:1.0\n    security_opt:\n      - no-new-privileges:true\n'],
    },
  },
  check(doc, report) {
    for (const s of doc.services) {
      for (const opt of stringItems(get(s.node, 'security_opt'))) {
        if (UNCONFINED.test(opt.value)) report({ range: opt.node.range, data: { service: s.name, option: opt.value.trim() } });
      }
    }
  },
};
