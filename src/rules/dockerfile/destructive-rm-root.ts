// CGD064: `rm -rf /` and `rm -rf /*`.
import { hasOption, positionals, runCommands } from '../../analyzers/dockerfile/query.ts';
import type { DockerfileRule } from './support.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD064',
    name: 'destructive-rm-root',
    target: 'dockerfile',
    title: 'Recursive delete of the root filesystem',
    description: '`rm -r /`, `rm -rf /*` or `--no-preserve-root` wipes the image filesystem; usually an unset variable (`rm -rf $DIR/`) or a typo.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: the build wipes the image filesystem (the policy\'s `rm -rf /*` typo).',
    ],
    category: 'reliability',
    references: ['https://man7.org/linux/man-pages/man1/rm.1.html'],
    remediation: 'Delete the intended directory explicitly, and guard variables: `rm -rf "${DIR:?}/"`.',
    equivalents: [],
    messages: { default: 'This rm deletes the whole filesystem.' },
    examples: { bad: ['FROM alpine:3.20\nRUN rm -rf /*\n'], good: ['FROM alpine:3.20\nRUN rm -rf /var/cache/apk/*\n'] },
  },
  check(doc, report) {
    for (const cmd of runCommands(doc)) {
      if (cmd.name !== 'rm' || !hasOption(cmd, '-r', '-R', '--recursive')) continue;
      const root = positionals(cmd).find((w) => !w.dynamic && /^\/+\*?$/.test(w.value));
      const noPreserve = hasOption(cmd, '--no-preserve-root');
      if (root) report({ range: root.range });
      else if (noPreserve) report({ range: noPreserve.range });
    }
  },
};
