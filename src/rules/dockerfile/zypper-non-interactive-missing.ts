// CGD111: zypper commands that prompt without `--non-interactive`.
import { commandRange, toolCalls, ZYPPER_VALUE_OPTIONS } from '../../analyzers/dockerfile/query-packages.ts';
import { hasOption } from '../../analyzers/dockerfile/query.ts';
import { hadolintRef } from './support.ts';
import type { DockerfileRule } from './support.ts';
import { insertAfter } from './fix.ts';

const PROMPTING = ['install', 'in', 'remove', 'rm', 'update', 'up', 'patch', 'dist-upgrade', 'dup', 'source-install', 'si', 'install-new-recommends', 'inr'];

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD111',
    name: 'zypper-non-interactive-missing',
    target: 'dockerfile',
    title: 'zypper changes packages without `--non-interactive`',
    description:
      'zypper asks for confirmation before changing packages; a build has no terminal to answer, so the command ' +
      'aborts and the build fails. The global `-n` / `--non-interactive` option (before the command) or the ' +
      "command's own `-y` / `--no-confirm` answer it.",
    severity: 'medium',
    severityContext: [
      'zypper asks before installing, so the build fails unless configured otherwise: should fix.',
    ],
    category: 'reliability',
    references: [hadolintRef('DL3034'), 'https://en.opensuse.org/SDB:Zypper_manual'],
    remediation: 'Use `zypper --non-interactive install <packages>` (or `zypper install -y <packages>`).',
    equivalents: ['hadolint:DL3034', 'kics:45e1fca5-f90e-465d-825f-c2cb63fa3944'],
    messages: { default: '`{{command}}` without `--non-interactive` aborts at the confirmation prompt.' },
    examples: {
      bad: ['FROM opensuse/leap:15.6\nRUN zypper install curl\n'],
      good: ['FROM opensuse/leap:15.6\nRUN zypper --non-interactive install curl && zypper clean --all\n'],
    },
  },
  check(doc, report) {
    for (const call of toolCalls(doc, ['zypper'], PROMPTING, ZYPPER_VALUE_OPTIONS)) {
      // `-n` is global only before the command: `zypper install -n x` means `--name`.
      const globals = call.cmd.args.slice(0, call.cmd.args.indexOf(call.sub));
      const nonInteractive = globals.some((w) => w.value === '--non-interactive' || /^-[A-Za-z]*n[A-Za-z]*$/.test(w.value));
      // `--non-interactive` after the command is no global option, but zypper cannot prompt on it either.
      if (nonInteractive || hasOption(call.cmd, '-y', '--no-confirm', '--non-interactive')) continue;
      const fix = call.cmd.nameWord ? insertAfter(doc, call.cmd.nameWord, ' --non-interactive', 'Add --non-interactive before the command.') : undefined;
      report({ range: commandRange(call.cmd, call.sub), data: { command: `zypper ${call.sub.value}` }, fix });
    }
  },
};
