// CGD053: yum/dnf `sslverify` turned off.
import { runCommandsNamed } from '../../analyzers/dockerfile/query-packages.ts';
import { isFalsy } from './support.ts';
import type { DockerfileRule } from './support.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD053',
    name: 'yum-sslverify-disabled',
    target: 'dockerfile',
    title: 'yum/dnf certificate checks disabled',
    description: 'Setting `sslverify` to false/0/no (with `--setopt`, usually through `config-manager`) makes yum or dnf accept any repository certificate.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: TLS verification off for yum/dnf repositories.',
    ],
    category: 'supply-chain',
    cwe: ['CWE-295'],
    references: ['https://dnf.readthedocs.io/en/latest/conf_ref.html'],
    remediation: 'Keep `sslverify` on and add the internal CA to the system trust store (`update-ca-trust`).',
    equivalents: ['checkov:CKV2_DOCKER_15'],
    messages: { default: 'sslverify is turned off for {{tool}}.' },
    examples: { bad: ['FROM rockylinux:9\nRUN dnf config-manager --save --setopt=*.sslverify=false\n'], good: ['FROM rockylinux:9\nRUN dnf config-manager --set-enabled crb\n'] },
  },
  check(doc, report) {
    for (const cmd of runCommandsNamed(doc, 'yum', 'dnf', 'microdnf', 'yum-config-manager', 'dnf-config-manager', 'dnf-3')) {
      cmd.args.forEach((w, i) => {
        const opt = /^--setopt=(.*)$/.exec(w.value)?.[1] ?? (cmd.args[i - 1]?.value === '--setopt' ? w.value : undefined);
        const m = opt === undefined ? null : /^(?:[^=\s]+\.)?sslverify=(.*)$/i.exec(opt);
        if (m && isFalsy(m[1]!)) report({ range: w.range, data: { tool: cmd.name } });
      });
    }
  },
};
