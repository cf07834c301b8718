// CGD048: rpm signature or digest checks disabled.
import { runCommandsNamed } from '../../analyzers/dockerfile/query-packages.ts';
import { hasOption } from '../../analyzers/dockerfile/query.ts';
import type { DockerfileRule } from './support.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD048',
    name: 'rpm-signature-check-disabled',
    target: 'dockerfile',
    title: 'Rpm signature or digest checks disabled',
    description: '`rpm --nosignature`, `--nodigest`, `--noverify` or `--nofiledigest` skip the checks that prove a package is the one its vendor built.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: signature and digest checks off for rpm.',
    ],
    category: 'supply-chain',
    cwe: ['CWE-347'],
    references: ['https://rpm.org/docs/4.20.x/man/rpm.8'],
    remediation: 'Import the vendor key with `rpm --import` and install without these options.',
    equivalents: ['checkov:CKV2_DOCKER_10'],
    messages: { default: '"{{option}}" disables verification of what is downloaded or installed.' },
    examples: { bad: ['FROM rockylinux:9\nRUN rpm -i --nosignature app.rpm\n'], good: ['FROM rockylinux:9\nRUN rpm -i app.rpm\n'] },
  },
  check(doc, report) {
    for (const cmd of runCommandsNamed(doc, 'rpm')) {
      const word = hasOption(cmd, '--nosignature', '--nodigest', '--noverify', '--nofiledigest');
      if (word) report({ range: word.range, data: { option: word.value } });
    }
  },
};
