// CGD021: the last USER of the final image is root.
import { dockerfileRef, finalUser, hadolintRef } from './support.ts';
import type { DockerfileRule } from './support.ts';
import { lowerOutsideProduction } from '../role-severity.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD021',
    name: 'last-user-root',
    target: 'dockerfile',
    title: 'Final image runs as root (last USER is root)',
    description:
      'Switching to root to install packages is fine, but the last USER decides who the container runs as. Ending ' +
      'on root gives any compromised process full control of the container and a shorter path to the host.',
    severity: 'medium',
    severityContext: [
      'The file itself ends on `USER root`, so the risk is visible, but entrypoints commonly drop privileges at start (gosu, su-exec) and a root process is not among the policy\'s blocking defects: should fix.',
      'Trivy and KICS rate it high, hadolint a warning; we stay below high because running as root alone never fails the default gate.',
      'Low in development, test, CI or example files (a word of the path such as `dev`, `test`, `ci`, `examples`): a development or test image.',
    ],
    category: 'security',
    cwe: ['CWE-250'],
    references: [dockerfileRef('#user'), hadolintRef('DL3002')],
    remediation: 'Switch back to an unprivileged user after the steps that need root: `USER app` (or a numeric UID).',
    equivalents: ['hadolint:DL3002', 'checkov:CKV_DOCKER_8', 'trivy:DS002', 'kics:67fd0c4a-68cf-46d7-8c41-bc9fba7e40ae'],
    messages: { default: 'The last USER of the final image is "{{user}}" (root).' },
    examples: { bad: ['FROM debian:12\nUSER root\nRUN apt-get update\n'], good: ['FROM debian:12\nUSER root\nRUN apt-get update\nUSER 10001\n'] },
  },
  check(doc, report, ctx) {
    report = lowerOutsideProduction(report, ctx, 'low');
    const user = finalUser(doc);
    const word = user?.args[0];
    if (!word) return;
    const name = word.resolved.split(':')[0]!;
    if (name === 'root' || /^0+$/.test(name)) report({ range: word.range, data: { user: word.resolved } });
  },
};
