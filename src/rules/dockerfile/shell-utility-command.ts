// CGD146: commands that make no sense in an image build (ssh, vim, shutdown, ps, top, kill, mount, ifconfig…).
import { runCommands } from '../../analyzers/dockerfile/query.ts';
import { hadolintRef } from './support.ts';
import type { DockerfileRule } from './support.ts';

/** Interactive, process-management and host-administration commands: a build step has no terminal, no running
 * services to inspect and no host to administer. `service` is left out: starting a database during the build to
 * seed it is a real (if fragile) pattern. */
const POINTLESS = new Set(['ssh', 'vim', 'vi', 'nano', 'shutdown', 'reboot', 'halt', 'poweroff', 'ps', 'free', 'top', 'htop', 'kill', 'killall', 'pkill', 'mount', 'umount', 'ifconfig']);

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD146',
    name: 'shell-utility-command',
    target: 'dockerfile',
    title: 'Command that does nothing useful in a build',
    description:
      'A build step runs once, without a terminal, in a fresh container: editors (`vim`, `nano`) wait for input ' +
      'nobody gives, `ps`, `top` and `free` report on a container that is about to be thrown away, `kill`, ' +
      '`shutdown` and `mount` act on processes and devices the step does not have, and `ssh` logs into another ' +
      'machine from inside the build. The step is a leftover from an interactive session, or it hangs the build.',
    severity: 'low',
    severityContext: ['Hygiene: usually a harmless leftover; an editor waiting for input hangs the build, which shows at once.'],
    category: 'best-practice',
    references: [hadolintRef('DL3001')],
    remediation: 'Remove the command from the RUN, or do the work it stood for with a non-interactive tool (`sed`, `printf`).',
    equivalents: ['hadolint:DL3001', 'kics:9b6b0f38-92a2-41f9-b881-3a1083d99f1b'],
    tags: ['hygiene'],
    messages: { default: '`{{command}}` makes no sense in an image build: remove it.' },
    examples: {
      bad: ['FROM debian:12\nRUN apt-get update && vim /etc/app.conf\n'],
      good: ['FROM debian:12\nRUN sed -i "s/debug=1/debug=0/" /etc/app.conf\n'],
    },
  },
  check(doc, report) {
    for (const cmd of runCommands(doc)) {
      if (cmd.nameWord && POINTLESS.has(cmd.name)) report({ range: cmd.nameWord.range, data: { command: cmd.name } });
    }
  },
};
