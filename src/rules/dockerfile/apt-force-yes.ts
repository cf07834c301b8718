// CGD049: apt-get --force-yes.
import { runCommandsNamed } from '../../analyzers/dockerfile/query-packages.ts';
import { hasOption } from '../../analyzers/dockerfile/query.ts';
import type { DockerfileRule } from './support.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD049',
    name: 'apt-force-yes',
    target: 'dockerfile',
    title: 'Apt-get --force-yes',
    description: '`--force-yes` is deprecated and, among other things, installs unauthenticated packages and allows downgrades without asking.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: `--force-yes` installs unauthenticated packages.',
    ],
    category: 'supply-chain',
    cwe: ['CWE-347'],
    references: ['https://manpages.debian.org/bookworm/apt/apt-get.8.en.html'],
    remediation: 'Use `-y`; if a specific safety check must be overridden use the narrow `--allow-downgrades`/`--allow-change-held-packages` option.',
    equivalents: ['checkov:CKV2_DOCKER_11'],
    messages: { default: '"{{option}}" disables verification of what is downloaded or installed.' },
    examples: { bad: ['FROM debian:12\nRUN apt-get install -y --force-yes app\n'], good: ['FROM debian:12\nRUN apt-get install -y app\n'] },
  },
  check(doc, report) {
    for (const cmd of runCommandsNamed(doc, 'apt-get', 'apt')) {
      const word = hasOption(cmd, '--force-yes');
      if (word) report({ range: word.range, data: { option: word.value } });
    }
  },
};
