// CGD023: useradd with a large UID and without -l bloats /var/log/lastlog.
import { hasOption, optionValue, runCommands } from '../../analyzers/dockerfile/query.ts';
import { hadolintRef } from './support.ts';
import type { DockerfileRule } from './support.ts';
import { insertAfter } from './fix.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD023',
    name: 'useradd-without-no-log-init',
    target: 'dockerfile',
    title: 'useradd with a high UID without -l',
    description:
      '`useradd` records every user in the sparse files `/var/log/lastlog` and `/var/log/faillog`, sized by the ' +
      'UID. In an image layer the sparse file is stored in full: a six-digit UID adds hundreds of megabytes or more.',
    severity: 'low',
    severityContext: [
      'Image size only: the sparse log files cost space, not security.',
    ],
    category: 'performance',
    references: [hadolintRef('DL3046'), 'https://github.com/moby/moby/issues/5419'],
    remediation: 'Add `-l` (`--no-log-init`): `useradd -l -u 123456 app`.',
    equivalents: ['hadolint:DL3046'],
    tags: ['hygiene'],
    messages: { default: 'useradd with UID {{uid}} and without -l creates a huge lastlog file.' },
    examples: { bad: ['FROM debian:12\nRUN useradd -u 1000000 app\n'], good: ['FROM debian:12\nRUN useradd -l -u 1000000 app\n', 'FROM debian:12\nRUN useradd -u 10001 app\n'] },
  },
  check(doc, report) {
    for (const cmd of runCommands(doc)) {
      if (cmd.name !== 'useradd' || hasOption(cmd, '-l', '--no-log-init')) continue;
      const uid = optionValue(cmd, '-u', '--uid');
      if (uid && /^\d{6,}$/.test(uid.value)) report({ range: uid.word.range, data: { uid: uid.value }, fix: cmd.nameWord ? insertAfter(doc, cmd.nameWord, ' --no-log-init', 'Add --no-log-init.') : undefined });
    }
  },
};
