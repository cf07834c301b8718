// CGD054: pip trusted hosts set by environment.
import { reportEnv } from './support.ts';
import type { DockerfileRule } from './support.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD054',
    name: 'pip-trusted-host-env',
    target: 'dockerfile',
    title: 'pip trusted hosts set by environment',
    description: '`PIP_TRUSTED_HOST` makes pip accept the listed hosts over plain HTTP or with invalid certificates.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: TLS verification off for pip.',
    ],
    category: 'supply-chain',
    cwe: ['CWE-295'],
    references: ['https://pip.pypa.io/en/stable/topics/configuration/#environment-variables'],
    remediation: 'Remove the variable; serve the index over valid HTTPS or set `PIP_CERT` to the internal CA.',
    equivalents: ['checkov:CKV2_DOCKER_16'],
    messages: { default: '{{name}}={{value}} disables verification of what is downloaded.' },
    examples: { bad: ['FROM python:3.13\nENV PIP_TRUSTED_HOST=pypi.internal\n'], good: ['FROM python:3.13\nENV PIP_CERT=/etc/ssl/internal-ca.pem\n'] },
  },
  check(doc, report) {
    reportEnv(doc, report, ['PIP_TRUSTED_HOST'], (v) => v.trim() !== '');
  },
};
