// CGD047: yum/dnf/zypper package signature checks disabled.
import { runCommandsNamed } from '../../analyzers/dockerfile/query-packages.ts';
import { hasOption } from '../../analyzers/dockerfile/query.ts';
import type { DockerfileRule } from './support.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD047',
    name: 'gpg-check-disabled',
    target: 'dockerfile',
    title: 'Yum/dnf/zypper package signature checks disabled',
    description: '`--nogpgcheck` (yum, dnf, microdnf, tdnf) or `--no-gpg-checks` (zypper) installs packages without verifying their signatures.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: signature verification off for rpm-based package managers.',
    ],
    category: 'supply-chain',
    cwe: ['CWE-347'],
    references: ['https://dnf.readthedocs.io/en/latest/command_ref.html'],
    remediation: 'Import the repository GPG key (`rpm --import`) and remove the option.',
    equivalents: ['checkov:CKV2_DOCKER_9'],
    messages: { default: '"{{option}}" disables verification of what is downloaded or installed.' },
    examples: { bad: ['FROM fedora:41\nRUN dnf install -y --nogpgcheck app\n'], good: ['FROM fedora:41\nRUN dnf install -y app\n'] },
  },
  check(doc, report) {
    for (const cmd of runCommandsNamed(doc, 'yum', 'dnf', 'microdnf', 'tdnf', 'zypper')) {
      const word = hasOption(cmd, '--nogpgcheck', '--no-gpg-checks');
      if (word) report({ range: word.range, data: { option: word.value } });
    }
  },
};
