// CGD063: chmod 777 and friends.
import { positionals, runCommands } from '../../analyzers/dockerfile/query.ts';
import type { DockerfileRule } from './support.ts';
import { lowerOutsideProduction } from '../role-severity.ts';

/** Whether a chmod mode gives write permission to others: octal `xx2/3/6/7`, or symbolic `o+w`, `a+w`, `a=rwx`. */
export function worldWritable(mode: string): boolean {
  if (/^[0-7]{3,4}$/.test(mode)) return (Number(mode[mode.length - 1]) & 2) !== 0;
  return mode.split(',').some((clause) => /^[ugoa]*[oa][ugoa]*[+=][rwxXst]*w/.test(clause));
}

/** The sticky bit (`1777`, `3777`, `+t`): a shared directory like `/tmp`, where users cannot remove or replace each
 * other's files. */
export function sticky(mode: string): boolean {
  if (/^[0-7]{4}$/.test(mode)) return (Number(mode[0]) & 1) !== 0;
  return mode.split(',').some((clause) => /^[ugoa]*[+=][rwxXst]*t/.test(clause));
}

const lowIfSticky = (mode: string) => (sticky(mode) ? { severity: 'low' as const } : {});

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD063',
    name: 'world-writable-permissions',
    target: 'dockerfile',
    title: 'World-writable permissions',
    description:
      'Modes such as 777 or `o+w` let any user in the container — including a compromised unprivileged process — ' +
      'modify those files, for example to plant code that a privileged process later runs.',
    severity: 'medium',
    severityContext: [
      'A world-writable file or directory lets any user of the container plant code that a privileged process may later run: should fix.',
      'Low when the mode sets the sticky bit (`1777`, `3777`, `+t`): a shared temporary directory, as `/tmp` is, where users cannot replace each other\'s files.',
      'Low in development, test, CI or example files (a word of the path such as `dev`, `test`, `ci`, `examples`): a development or test image.',
    ],
    category: 'security',
    cwe: ['CWE-732'],
    references: ['https://man7.org/linux/man-pages/man1/chmod.1.html'],
    remediation: 'Give ownership to the user that needs it (`chown app:app`, `COPY --chown`) and use 755/644 (or 775 with a shared group).',
    equivalents: [],
    messages: { default: 'Mode "{{mode}}" makes files writable by every user.' },
    examples: { bad: ['FROM alpine:3.20\nRUN chmod -R 777 /app\n'], good: ['FROM alpine:3.20\nRUN chown -R app:app /app && chmod -R 755 /app\n'] },
  },
  check(doc, report, ctx) {
    report = lowerOutsideProduction(report, ctx, 'low');
    for (const cmd of runCommands(doc)) {
      if (cmd.name !== 'chmod') continue;
      const mode = positionals(cmd, ['--reference'])[0];
      if (mode && worldWritable(mode.value)) report({ range: mode.range, data: { mode: mode.value }, ...lowIfSticky(mode.value) });
    }
    for (const instr of doc.instructions) {
      const target = instr.onbuild ?? instr;
      if (target.kind !== 'COPY' && target.kind !== 'ADD') continue;
      const chmod = target.flags.find((f) => f.name === 'chmod')?.value;
      if (chmod && worldWritable(chmod.resolved)) report({ range: chmod.range, data: { mode: chmod.resolved }, ...lowIfSticky(chmod.resolved) });
    }
  },
};
