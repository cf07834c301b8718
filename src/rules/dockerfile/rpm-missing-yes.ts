// CGD108: yum / dnf / microdnf commands that prompt for confirmation without `-y`.
import { commandRange, RPM_VALUE_OPTIONS, toolCalls } from '../../analyzers/dockerfile/query-packages.ts';
import { hasOption } from '../../analyzers/dockerfile/query.ts';
import { hadolintRef } from './support.ts';
import type { DockerfileRule } from './support.ts';
import { insertAfter } from './fix.ts';

const PROMPTING = ['install', 'groupinstall', 'localinstall', 'reinstall', 'remove', 'erase', 'autoremove', 'update', 'upgrade', 'upgrade-minimal', 'downgrade', 'distro-sync', 'swap', 'group', 'module'];
/** `assumeyes=1` set in yum.conf / dnf.conf (or through `--setopt`). */
const CONFIGURED = /assumeyes\s*=\s*(1|true|yes)/i;

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD108',
    name: 'rpm-missing-yes',
    target: 'dockerfile',
    title: 'yum / dnf / microdnf changes packages without `-y`',
    description:
      'yum, dnf and microdnf ask "Is this ok [y/N]" before changing packages; a build has no terminal to answer, ' +
      'so the command aborts (yum, dnf) or waits for an answer that never comes (microdnf, which asks since ' +
      'its user-confirmation support: UBI 9 minimal builds hang there) and the build fails.',
    severity: 'medium',
    severityContext: [
      'yum, dnf and microdnf ask before installing, so the build fails unless the base image configures `assumeyes`, which the file cannot show: should fix.',
    ],
    category: 'reliability',
    references: [hadolintRef('DL3030'), hadolintRef('DL3038'), 'https://dnf.readthedocs.io/en/latest/command_ref.html#assumeyes-command-label'],
    remediation: 'Add `-y` (or `--assumeyes`): `dnf install -y <packages>`.',
    equivalents: ['hadolint:DL3030', 'hadolint:DL3038', 'kics:7ebd323c-31b7-4e5b-b26f-de5e9e477af8', 'kics:6e19193a-8753-436d-8a09-76dcff91bb03'],
    messages: { default: '`{{command}}` without `-y` stops at the confirmation prompt (the build aborts or hangs); add `-y`.' },
    examples: {
      bad: ['FROM rockylinux:9\nRUN dnf install httpd\n'],
      good: ['FROM rockylinux:9\nRUN dnf install -y httpd && dnf clean all\n'],
    },
  },
  check(doc, report) {
    const calls = toolCalls(doc, ['yum', 'dnf', 'dnf5', 'microdnf'], PROMPTING, RPM_VALUE_OPTIONS);
    // The configuration scan reads every instruction's text: only worth it when there is a call to excuse.
    if (calls.length === 0 || doc.instructions.some((i) => CONFIGURED.test(i.argsText) || i.heredocs.some((h) => CONFIGURED.test(h.body.text)))) return;
    for (const call of calls) {
      if (hasOption(call.cmd, '-y', '--assumeyes')) continue;
      report({ range: commandRange(call.cmd, call.sub), data: { command: `${call.cmd.name} ${call.sub.value}` }, fix: insertAfter(doc, call.sub, ' -y', 'Add -y.') });
    }
  },
};
