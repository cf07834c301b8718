// CGD158: WORKDIR inside a kernel or boot directory (/proc, /sys, /dev, /boot…).
import { instructionsOf } from '../../analyzers/dockerfile/query.ts';
import { dockerfileRef } from './support.ts';
import type { DockerfileRule } from './support.ts';

/** Trees the runtime mounts over (`/proc`, `/sys`, `/dev`) or that belong to the host's boot (`/boot`, `/initrd`),
 * and `lost+found`. */
const SYSTEM = /^\/(?:proc|sys|dev|boot|initrd|lost\+found)(?:\/|$)/;

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD158',
    name: 'workdir-system-directory',
    target: 'dockerfile',
    title: 'WORKDIR in a system directory',
    description:
      'At run time the container runtime mounts its own `/proc`, `/sys` and `/dev` over the image\'s, and `/boot` ' +
      'belongs to the host\'s kernel: files an image puts there are hidden or meaningless, and a process whose ' +
      'working directory is there reads and writes kernel interfaces.',
    severity: 'medium',
    severityContext: ['Files written there during the build vanish under the runtime\'s mounts, and the process works inside kernel interfaces: a real defect, should fix.', 'Trivy rates it high.'],
    category: 'correctness',
    references: [dockerfileRef('#workdir'), 'https://avd.aquasec.com/misconfig/ds-0030'],
    remediation: 'Use an application directory such as `/app` or `/srv/<name>` as WORKDIR.',
    equivalents: ['trivy:DS-0030'],
    messages: { default: 'WORKDIR {{dir}} is a system directory the runtime mounts over or the host owns.' },
    examples: {
      bad: ['FROM alpine:3.20\nWORKDIR /proc/self/fd\n'],
      good: ['FROM alpine:3.20\nWORKDIR /app\n'],
    },
  },
  check(doc, report) {
    for (const top of instructionsOf(doc, ['WORKDIR'], true)) {
      const instr = top.onbuild ?? top;
      const word = instr.kind === 'WORKDIR' ? instr.args[0] : undefined;
      if (word && SYSTEM.test(word.resolved.replace(/\/{2,}/g, '/'))) report({ range: word.range, data: { dir: word.resolved } });
    }
  },
};
