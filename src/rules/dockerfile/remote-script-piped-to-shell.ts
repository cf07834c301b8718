// CGD060: `curl … | sh` runs whatever the server sends.
import { positionals, runCommands, runPipelines, simpleCommands } from '../../analyzers/dockerfile/query.ts';
import type { CommandRef } from '../../analyzers/dockerfile/query.ts';
import type { DockerfileRule } from './support.ts';

const FETCHERS = new Set(['curl', 'wget', 'fetch']);
const INTERPRETERS = /^(?:sh|bash|ash|dash|zsh|ksh|python[0-9.]*|perl|ruby|node|php)$/;

/** An interpreter reading its program from stdin: no script operand, or `-` / `-s`. */
function readsStdin(cmd: CommandRef): boolean {
  const ops = positionals(cmd, ['-c', '-o']);
  return !cmd.args.some((a) => a.value === '-c' || a.value === '-e') && (ops.length === 0 || ops[0]!.value === '-' || cmd.args.some((a) => a.value === '-s'));
}

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD060',
    name: 'remote-script-piped-to-shell',
    target: 'dockerfile',
    title: 'Remote script piped into a shell',
    description:
      'Piping a download straight into a shell or interpreter (`curl … | sh`, `sh -c "$(curl …)"`, `bash <(curl …)`) ' +
      'runs whatever the server returns at build time, with no integrity check: a compromised or spoofed server owns the image.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: remote code piped to a shell runs whatever the server returns (the policy names it).',
    ],
    category: 'supply-chain',
    cwe: ['CWE-494'],
    references: ['https://docs.docker.com/build/building/best-practices/#run'],
    remediation: 'Download to a file, verify a pinned checksum or signature (`echo "<sha256>  install.sh" | sha256sum -c -`), then run it; prefer the distribution package.',
    equivalents: [],
    messages: { default: '{{fetcher}} output is executed by {{shell}} without verification.' },
    examples: { bad: ['FROM debian:12\nRUN curl -fsSL https://get.example.com | sh\n'], good: ['FROM debian:12\nRUN curl -fsSLo /tmp/i.sh https://get.example.com && echo "abc  /tmp/i.sh" | sha256sum -c - && sh /tmp/i.sh\n'] },
  },
  check(doc, report) {
    for (const p of runPipelines(doc)) {
      const fetch = p.commands.findIndex((c) => FETCHERS.has(c.name));
      if (fetch === -1) continue;
      const shell = p.commands.slice(fetch + 1).find((c) => INTERPRETERS.test(c.name) && readsStdin(c));
      if (shell?.nameWord) report({ range: shell.nameWord.range, data: { fetcher: p.commands[fetch]!.name, shell: shell.name } });
    }
    for (const cmd of runCommands(doc)) {
      if (!INTERPRETERS.test(cmd.name) || !cmd.nameWord) continue;
      const fetcher = cmd.args.flatMap((w) => w.substitutions.flatMap((s) => simpleCommands(s))).find((c) => c.words[0] && FETCHERS.has(c.words[0].value.slice(c.words[0].value.lastIndexOf('/') + 1)));
      if (fetcher) report({ range: cmd.nameWord.range, data: { fetcher: fetcher.words[0]!.value, shell: cmd.name } });
    }
  },
};
