// CGD130: EXPOSE 22: an SSH server inside the container.
import { exposedPorts } from '../../analyzers/dockerfile/query-packages.ts';
import { instructionsOf } from '../../analyzers/dockerfile/query.ts';
import { dockerfileRef } from './support.ts';
import type { DockerfileRule } from './support.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD130',
    name: 'expose-ssh-port',
    target: 'dockerfile',
    title: 'SSH port 22 exposed',
    description:
      'Exposing port 22 means the image runs an SSH server: another long-lived daemon with credentials or keys to ' +
      'manage, a remote login into the container, and a way around the audit trail of `docker exec`. Containers ' +
      'are debugged with `docker exec` / `kubectl exec` instead.',
    severity: 'medium',
    severityContext: [
      'An SSH server in a container is another daemon with credentials and a way around `docker exec` auditing: a real risk, should fix.',
      'Trivy rates it medium.',
    ],
    category: 'security',
    cwe: ['CWE-284'],
    references: [dockerfileRef('#expose'), 'https://docs.docker.com/reference/cli/docker/container/exec/'],
    remediation: 'Remove the SSH server and `EXPOSE 22`; use `docker exec` for interactive access.',
    equivalents: ['checkov:CKV_DOCKER_1', 'trivy:DS004', 'kics:5907595b-5b6d-4142-b173-dbb0e73fbff8'],
    messages: { default: 'Port 22 (SSH) is exposed: avoid running an SSH server in a container.' },
    examples: {
      bad: ['FROM ubuntu:24.04\nEXPOSE 22\n'],
      good: ['FROM ubuntu:24.04\nEXPOSE 8080\n'],
    },
  },
  check(doc, report) {
    for (const instr of instructionsOf(doc, ['EXPOSE'])) {
      for (const p of exposedPorts(instr)) {
        const tcp = p.protocol === undefined || p.protocol.toLowerCase() === 'tcp';
        if (tcp && p.from !== undefined && p.to !== undefined && p.from <= 22 && 22 <= p.to) report({ range: p.word.range });
      }
    }
  },
};
