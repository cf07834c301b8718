// CGD140: replacing /bin/sh with a symlink instead of using the SHELL instruction.
import { runCommandsNamed } from '../../analyzers/dockerfile/query-packages.ts';
import { hasOption, positionals } from '../../analyzers/dockerfile/query.ts';
import { dockerfileRef, hadolintRef } from './support.ts';
import type { DockerfileRule } from './support.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD140',
    name: 'shell-symlink',
    target: 'dockerfile',
    title: '/bin/sh replaced with a symlink',
    description:
      '`ln -sf /bin/bash /bin/sh` changes the system shell for everything in the image — package maintainer ' +
      'scripts and the application included — not just for the build, and breaks silently if the base image ' +
      'lays out its shells differently. The SHELL instruction changes the shell RUN uses, explicitly.',
    severity: 'low',
    severityContext: [
      'Changes the system shell for everything in the image; works until the base image changes.',
    ],
    category: 'best-practice',
    references: [hadolintRef('DL4005'), dockerfileRef('#shell')],
    remediation: 'Use `SHELL ["/bin/bash", "-o", "pipefail", "-c"]` instead of re-linking /bin/sh.',
    equivalents: ['hadolint:DL4005', 'kics:8a301064-c291-4b20-adcb-403fe7fd95fd'],
    messages: { default: 'Use the SHELL instruction instead of replacing /bin/sh.' },
    examples: {
      bad: ['FROM debian:12\nRUN ln -sf /bin/bash /bin/sh\n'],
      good: ['FROM debian:12\nSHELL ["/bin/bash", "-c"]\n'],
    },
  },
  check(doc, report) {
    for (const cmd of runCommandsNamed(doc, 'ln')) {
      const target = positionals(cmd, ['-t', '--target-directory', '-S', '--suffix']).pop();
      if (target?.value === '/bin/sh' && hasOption(cmd, '-s', '--symbolic')) report({ range: target.range });
    }
  },
};
