// CGD063: chmod 777 and friends.
import { positionals, runCommands, type CommandRef } from '../../analyzers/dockerfile/query.ts';
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

const trimSlash = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);

/** Whether a later `rm` of the same RUN removes `path` (the path itself or a directory holding it): nothing ships. */
function removedLater(commands: readonly CommandRef[], from: number, path: string): boolean {
  const target = trimSlash(path);
  for (let i = from + 1; i < commands.length; i++) {
    const c = commands[i]!;
    if (c.instruction !== commands[from]!.instruction) break;
    if (c.name !== 'rm') continue;
    for (const op of positionals(c)) {
      if (op.dynamic) continue;
      const removed = trimSlash(op.value);
      if (removed === target || target.startsWith(removed === '/' ? '/' : removed + '/')) return true;
    }
  }
  return false;
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
      'Not reported when every path the chmod names is removed by a later `rm` of the same RUN (the path or a directory holding it): the mode never reaches the image.',
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
    const commands = runCommands(doc);
    for (const [i, cmd] of commands.entries()) {
      if (cmd.name !== 'chmod') continue;
      const [mode, ...paths] = positionals(cmd, ['--reference']);
      if (paths.length > 0 && paths.every((p) => !p.dynamic && removedLater(commands, i, p.value))) continue;
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
