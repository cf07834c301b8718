// CGD104: `apt` (the interactive front end) used in a build script.
import { runCommandsNamed } from '../../analyzers/dockerfile/query-packages.ts';
import { hadolintRef } from './support.ts';
import type { DockerfileRule } from './support.ts';
import { replaceWord } from './fix.ts';
import { APT_VALUE_OPTIONS, subcommandWord } from '../../analyzers/dockerfile/query-packages.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD104',
    name: 'apt-in-script',
    target: 'dockerfile',
    title: '`apt` used instead of `apt-get`',
    description:
      '`apt` is the end-user front end: its command-line interface and output are not stable between releases ' +
      'and it warns "apt does not have a stable CLI interface. Use with caution in scripts." `apt-get` and ' +
      '`apt-cache` behave the same across Debian and Ubuntu releases.',
    severity: 'low',
    severityContext: [
      'Hygiene: `apt` works in scripts; only its interface is unstable.',
    ],
    category: 'best-practice',
    references: [hadolintRef('DL3027'), 'https://manpages.debian.org/stable/apt/apt.8.en.html#SCRIPT_USAGE_AND_DIFFERENCES_FROM_OTHER_APT_TOOLS'],
    remediation: 'Use `apt-get` (install, update, remove…) or `apt-cache` (search, show, policy) instead of `apt`.',
    equivalents: ['hadolint:DL3027', 'checkov:CKV_DOCKER_9', 'kics:b84a0b47-2e99-4c9f-8933-98bcabe2b94d'],
    tags: ['hygiene'],
    messages: { default: '`apt` has no stable scripting interface; use `apt-get` or `apt-cache`.' },
    examples: {
      bad: ['FROM ubuntu:24.04\nRUN apt update && apt install -y curl\n'],
      good: ['FROM ubuntu:24.04\nRUN apt-get update && apt-get install -y curl\n'],
    },
  },
  check(doc, report) {
    for (const cmd of runCommandsNamed(doc, 'apt')) {
      if (!cmd.nameWord) continue;
      // apt-get does the same for these subcommands (not for list, search, show…).
      const same = ['install', 'update', 'upgrade', 'remove', 'purge', 'autoremove', 'dist-upgrade', 'clean'].includes(subcommandWord(cmd, APT_VALUE_OPTIONS)?.value ?? '');
      report({ range: cmd.nameWord.range, fix: same && cmd.nameWord.raw === 'apt' ? replaceWord(doc, cmd.nameWord, 'apt-get', 'Use apt-get.') : undefined });
    }
  },
};
