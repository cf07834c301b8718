// CGD100: apt-get / apt commands that prompt for confirmation without `-y`.
import { APT_VALUE_OPTIONS, commandRange, toolCalls } from '../../analyzers/dockerfile/query-packages.ts';
import { hasOption } from '../../analyzers/dockerfile/query.ts';
import { hadolintRef } from './support.ts';
import type { DockerfileRule } from './support.ts';
import { insertAfter } from './fix.ts';

/** Subcommands that ask "Do you want to continue?" before changing packages. */
const PROMPTING = ['install', 'reinstall', 'remove', 'purge', 'autoremove', 'upgrade', 'dist-upgrade', 'full-upgrade', 'build-dep', 'satisfy'];
/** Assume-yes configured for every apt call (`APT::Get::Assume-Yes "true";` written to apt.conf.d). */
const CONFIGURED = /APT::Get::Assume-Yes/i;

/** apt's quiet level: each `-q`/`--quiet` adds one, `-qq` two, `-q=N`/`--quiet=N` sets N (options before `--`). */
export function quietLevel(args: readonly { value: string }[]): number {
  let level = 0;
  for (const { value } of args) {
    if (value === '--') break;
    const set = /^(?:-q|--quiet)=(\d+)$/.exec(value);
    if (set) level = Number(set[1]);
    else if (value === '--quiet') level++;
    else if (/^-[a-zA-Z]+$/.test(value)) level += value.split('q').length - 1;
  }
  return level;
}

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD100',
    name: 'apt-get-missing-yes',
    target: 'dockerfile',
    title: 'apt-get changes packages without `-y`',
    description:
      'A build has no terminal to answer apt\'s "Do you want to continue? [Y/n]" prompt: without `-y` apt-get ' +
      'aborts as soon as it needs confirmation, so the build fails (or, with extra dependencies, fails only sometimes).',
    severity: 'medium',
    severityContext: [
      'The build fails only when apt needs to ask (extra dependencies), so it may work today and break on a mirror change: should fix.',
      'Trivy rates it high; the build that passes CI is not broken yet, so we stay at medium.',
    ],
    category: 'reliability',
    references: [hadolintRef('DL3014'), 'https://manpages.debian.org/stable/apt/apt-get.8.en.html'],
    remediation: 'Add `-y` (or `--yes`): `apt-get install -y --no-install-recommends <packages>`.',
    equivalents: ['hadolint:DL3014', 'trivy:DS021', 'kics:77783205-c4ca-4f80-bb80-c777f267c547'],
    messages: { default: '`{{command}}` without `-y` aborts at the confirmation prompt; add `-y`.' },
    examples: {
      bad: ['FROM debian:12\nRUN apt-get update && apt-get install curl\n'],
      good: ['FROM debian:12\nRUN apt-get update && apt-get install -y curl\n'],
    },
  },
  check(doc, report) {
    const calls = toolCalls(doc, ['apt-get', 'apt'], PROMPTING, APT_VALUE_OPTIONS);
    // The configuration scan reads every instruction's text: only worth it when there is a call to excuse.
    if (calls.length === 0 || doc.instructions.some((i) => CONFIGURED.test(i.argsText) || i.heredocs.some((h) => CONFIGURED.test(h.body.text)))) return;
    for (const call of calls) {
      // Quiet level 2 implies `-y` (apt-get(8)), however it is spelled: `-qq`, `-q -q`, `--quiet --quiet`, `-q=2`.
      if (hasOption(call.cmd, '-y', '--yes', '--assume-yes') || quietLevel(call.cmd.args) >= 2) continue;
      report({ range: commandRange(call.cmd, call.sub), data: { command: `${call.cmd.name} ${call.sub.value}` }, fix: insertAfter(doc, call.sub, ' -y', 'Add -y.') });
    }
  },
};
