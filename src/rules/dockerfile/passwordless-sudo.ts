// CGD025: a sudoers rule giving passwordless root for every command, written by the build.
import { shipsInFinalImage } from '../../analyzers/dockerfile/query-packages.ts';
import { LineIndex } from '../../analyzers/line-index.ts';
import type { DockerfileRule } from './support.ts';
import { lowerOutsideProduction } from '../role-severity.ts';

/** `NOPASSWD: ALL`, with other tags in between (`NOPASSWD:SETENV: ALL`): every command, no password. */
const NOPASSWD_ALL = /NOPASSWD\s*:(?:\s*[A-Z_]+\s*:)*\s*ALL\b/g;

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD025',
    name: 'passwordless-sudo',
    target: 'dockerfile',
    title: 'Passwordless sudo for every command',
    description:
      'A sudoers rule `NOPASSWD: ALL` written into `/etc/sudoers` or `/etc/sudoers.d/` by the build (`echo … >> ' +
      '/etc/sudoers`, `tee`, `sed`, a heredoc) lets the image\'s user become root without a password: any code ' +
      'running as that user — an exploited dependency, a compromised process — owns the container, so the ' +
      '`USER` switch protects nothing. Stages that only feed `COPY --from` are not reported; rules limited to ' +
      'named commands (`NOPASSWD: /usr/bin/apt-get`) are not either.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: passwordless sudo for the image\'s user makes the USER switch protect nothing (a clear security defect).',
      'Low in development, test, CI or example files (a word of the path such as `dev`, `devcontainer`, `test`, `ci`, `examples`): a development image that gives its user sudo is doing its job.',
    ],
    category: 'security',
    cwe: ['CWE-250', 'CWE-269'],
    references: ['https://www.sudo.ws/docs/man/sudoers.man/', 'https://docs.docker.com/build/building/best-practices/#user'],
    remediation:
      'Do the privileged work at build time under `USER root` and switch back; if the running container really needs ' +
      'one root command, allow only that command (`app ALL=(root) NOPASSWD: /usr/sbin/service nginx reload`).',
    equivalents: [],
    messages: { default: 'The build grants passwordless sudo for every command (NOPASSWD: ALL).' },
    examples: {
      bad: ['FROM debian:12\nRUN useradd -m app && echo "app ALL=(ALL) NOPASSWD: ALL" >> /etc/sudoers\nUSER app\n'],
      good: ['FROM debian:12\nRUN useradd -m app && echo "app ALL=(root) NOPASSWD: /usr/sbin/nginx -s reload" > /etc/sudoers.d/app\nUSER app\n'],
    },
  },
  check(doc, report, ctx) {
    report = lowerOutsideProduction(report, ctx, 'low');
    let index: LineIndex | undefined;
    for (const instr of doc.instructions) {
      const kind = (instr.onbuild ?? instr).kind;
      if (kind !== 'RUN' && kind !== 'COPY' && kind !== 'ADD') continue;
      // The instruction as written, heredoc bodies included: the sudoers file and the rule are both in it.
      const text = doc.text.slice(instr.start, instr.end);
      if (!text.includes('/etc/sudoers') || !shipsInFinalImage(doc, instr)) continue;
      for (const m of text.matchAll(NOPASSWD_ALL)) {
        index ??= new LineIndex(doc.text);
        report({ range: index.range(instr.start + m.index, instr.start + m.index + m[0].length) });
      }
    }
  },
};
