// CGD056: `StrictHostKeyChecking=no`.
import { runCommands } from '../../analyzers/dockerfile/query.ts';
import { envSettings } from './support.ts';
import type { DockerfileRule } from './support.ts';
import type { Range } from '../../core/types.ts';

const DISABLED = /StrictHostKeyChecking\s*[= ]\s*(?:no|off|accept-new)\b/i;

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD056',
    name: 'ssh-host-key-checking-disabled',
    target: 'dockerfile',
    title: 'SSH host key checking disabled',
    description: '`StrictHostKeyChecking=no` (or `accept-new` on a fresh image) trusts whatever host answers, so a man in the middle can serve the code the build clones over SSH.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: host-key verification off is the SSH form of TLS verification off: a man in the middle serves the code the build clones.',
    ],
    category: 'supply-chain',
    cwe: ['CWE-322'],
    references: ['https://man.openbsd.org/ssh_config#StrictHostKeyChecking'],
    remediation: 'Pin the host key instead: `RUN mkdir -p ~/.ssh && echo "github.com ssh-ed25519 AAAA…" >> ~/.ssh/known_hosts`, or use `--mount=type=ssh` with a prepared known_hosts.',
    equivalents: [],
    messages: { default: 'SSH host key verification is disabled.' },
    examples: { bad: ['FROM alpine/git:2.45\nRUN GIT_SSH_COMMAND="ssh -o StrictHostKeyChecking=no" git clone git@github.com:acme/app.git\n'], good: ['FROM alpine/git:2.45\nCOPY known_hosts /root/.ssh/known_hosts\nRUN --mount=type=ssh git clone git@github.com:acme/app.git\n'] },
  },
  check(doc, report) {
    // One finding per place: an assignment's value is also a word of its command.
    const reported = new Set<number>();
    const hit = (text: string, span: { start: number; range: Range }): void => {
      if (!DISABLED.test(text) || reported.has(span.start)) return;
      reported.add(span.start);
      report({ range: span.range });
    };
    for (const s of envSettings(doc)) hit(s.value, s.span);
    for (const cmd of runCommands(doc)) for (const w of cmd.args) hit(w.value, w);
  },
};
