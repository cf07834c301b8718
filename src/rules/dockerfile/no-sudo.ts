// CGD022: sudo in RUN.
import { runCommands } from '../../analyzers/dockerfile/query.ts';
import { baseName } from '../../analyzers/dockerfile/wrappers.ts';
import { hadolintRef } from './support.ts';
import type { DockerfileRule } from './support.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD022',
    name: 'no-sudo',
    target: 'dockerfile',
    title: 'sudo used in RUN',
    description:
      'RUN already runs as the current USER; `sudo` adds a setuid binary and a privilege-escalation path to the ' +
      'image and behaves unpredictably without a TTY. Switch users with USER instead.',
    severity: 'low',
    severityContext: [
      '`sudo` in a build step is pointless as root and unpredictable without a TTY; the privilege-escalation risk is a sudoers rule, which CGD025 reports at high.',
      'hadolint rates it an error and Trivy critical; we report the real risk (passwordless sudo) separately and keep this one as hygiene.',
    ],
    category: 'security',
    cwe: ['CWE-250'],
    references: [hadolintRef('DL3004'), 'https://docs.docker.com/build/building/best-practices/#user'],
    remediation: 'Run the step under `USER root` and switch back to the unprivileged user afterwards; remove sudo from the image.',
    equivalents: ['hadolint:DL3004', 'checkov:CKV2_DOCKER_1', 'trivy:DS010', 'kics:8ada6e80-0ade-439e-b176-0b28f6bce35a'],
    messages: { default: 'Do not use sudo in RUN; use USER to change users.' },
    examples: { bad: ['FROM debian:12\nRUN sudo apt-get update\n'], good: ['FROM debian:12\nUSER root\nRUN apt-get update\nUSER app\n'] },
  },
  check(doc, report) {
    for (const cmd of runCommands(doc)) {
      for (const w of cmd.wrappers) if (baseName(w.value) === 'sudo') report({ range: w.range });
      if (cmd.name === 'sudo' && cmd.nameWord) report({ range: cmd.nameWord.range });
    }
  },
};
