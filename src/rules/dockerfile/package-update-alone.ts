// CGD105: a RUN that only refreshes package indexes (`apt-get update`, `apk update`, `pacman -Sy`) and installs nothing.
import { commandsOf } from '../../analyzers/dockerfile/query.ts';
import { APK_VALUE_OPTIONS, APT_VALUE_OPTIONS, commandRange, runCommandsNamed, toolCalls } from '../../analyzers/dockerfile/query-packages.ts';
import type { CommandRef } from '../../analyzers/dockerfile/query.ts';
import { dockerfileRef, stageChain } from './support.ts';
import type { DockerfileRule } from './support.ts';
import { dockerfileFix, instructionLines, writtenAs } from './fix.ts';
import type { Fix } from '../../core/fix.ts';
import type { DockerfileDoc, ShellWord } from '../../analyzers/dockerfile/types.ts';

/** `RUN apt-get update` then `RUN x`: one `RUN apt-get update && x`, when both are plain shell-form RUNs of one stage
 * (no flags, no heredoc) and the second is one and-list (so a failed update still stops it). */
function mergeIntoNext(doc: DockerfileDoc, cmd: CommandRef): Fix | undefined {
  const instr = cmd.instruction;
  const stage = instr.stage;
  if (!stage || instr.onbuild || commandsOf(instr).length !== 1 || instr.flags.length > 0 || instr.heredocs.length > 0) return undefined;
  const next = stage.instructions[stage.instructions.indexOf(instr) + 1];
  const span = instr.argsSpan;
  if (!span || !writtenAs(doc, span, instr.argsText) || next?.kind !== 'RUN' || !next.script || next.flags.length > 0 || next.heredocs.length > 0 || !next.argsSpan) return undefined;
  if (next.script.items.length !== 1 || next.script.items[0]!.ops.some((op) => op !== '&&')) return undefined;
  const lines = instructionLines(doc, instr);
  if (!lines) return undefined;
  return dockerfileFix(doc, 'Run the update in the same RUN as the install.', [[lines[0], lines[1], ''], [next.argsSpan.start, next.argsSpan.start, `${instr.argsText} && `]]);
}

/** `pacman -Sy`, `-Syu`, `-Syyu`, `--sync --refresh`: a refresh of the sync databases that names no package (so installs
 * nothing; with `u` it upgrades what is installed). pacman refreshes only when told: a later `pacman -S` in another RUN
 * reads the cached databases, as apt-get reads cached lists. An option value read as a package (`--ignore x`) leaves
 * the command unreported. */
function pacmanRefreshes(doc: DockerfileDoc): { cmd: CommandRef; last: ShellWord; text: string }[] {
  const out: { cmd: CommandRef; last: ShellWord; text: string }[] = [];
  for (const cmd of runCommandsNamed(doc, 'pacman')) {
    const options = cmd.args.filter((a) => a.value.startsWith('-'));
    if (options.length === 0 || options.length !== cmd.args.length) continue;
    const short = options.filter((a) => /^-[A-Za-z]+$/.test(a.value)).map((a) => a.value.slice(1)).join('');
    const sync = short.includes('S') || options.some((a) => a.value === '--sync');
    const refresh = short.includes('y') || options.some((a) => a.value === '--refresh');
    if (sync && refresh) out.push({ cmd, last: options[options.length - 1]!, text: `pacman ${options.map((a) => a.value).join(' ')}` });
  }
  return out;
}

/** The installs each refresh serves: same tool family, any later RUN of its stage or of a stage built on it. */
const INSTALLS: Readonly<Record<string, { tools: readonly string[]; installs: (c: CommandRef) => boolean }>> = {
  apt: { tools: ['apt-get', 'apt', 'aptitude'], installs: (c) => c.args.some((a) => a.value === 'install' || a.value === 'build-dep' || a.value === 'upgrade' || a.value === 'dist-upgrade') },
  apk: { tools: ['apk'], installs: (c) => c.args.some((a) => a.value === 'add' || a.value === 'upgrade') },
  pacman: { tools: ['pacman'], installs: (c) => c.args.some((a) => /^-[A-Za-z]*S/.test(a.value) || a.value === '--sync') && c.args.some((a) => !a.value.startsWith('-')) },
};
const familyOf = (tool: string): string => (tool === 'apk' ? 'apk' : tool === 'pacman' ? 'pacman' : 'apt');

function installFollows(doc: DockerfileDoc, cmd: CommandRef): boolean {
  const family = INSTALLS[familyOf(cmd.name)]!;
  const stage = cmd.instruction.stage;
  const after = cmd.instruction.range.end_line;
  return runCommandsNamed(doc, ...family.tools).some((c) =>
    c.instruction.range.start_line > after && (c.instruction.onbuild !== undefined || stage === undefined || (c.instruction.stage !== undefined && stageChain(c.instruction.stage).includes(stage))) && family.installs(c));
}

/** Commands that neither use nor need the refreshed indexes: a RUN of only these plus updates installs nothing. */
const INERT = new Set(['', 'set', 'echo', 'true', ':', 'printf']);

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD105',
    name: 'package-update-alone',
    target: 'dockerfile',
    title: 'Package index update in a RUN of its own',
    description:
      'A RUN that only runs `apt-get update` (or `apk update`, or `pacman -Sy`/`-Syu`) is cached as its own layer. ' +
      'Later installs in other RUN instructions reuse that cached, ever older index: when the package list changes ' +
      'they fail with "404 Not Found" or silently install outdated versions. Updating and installing in one RUN ' +
      'busts the cache together. yum, dnf and zypper are left alone: they refresh expired metadata themselves when ' +
      'they install.',
    severity: 'medium',
    severityContext: [
      'A cached `update` layer makes later installs fail or install outdated packages: a real reliability risk, not a security defect.',
      'Trivy rates it high; the build usually works until the cache ages.',
    ],
    category: 'reliability',
    references: ['https://docs.docker.com/build/building/best-practices/#apt-get', dockerfileRef('#run')],
    remediation: 'Combine the update with the install in one RUN: `RUN apt-get update && apt-get install -y …`.',
    equivalents: ['trivy:DS017', 'checkov:CKV_DOCKER_5', 'kics:9bae49be-0aa3-4de5-bab2-4c3a069e40cd'],
    messages: {
      default: '`{{command}}` runs without an install in the same RUN: later installs use a stale cached index.',
      unused: '`{{command}}` runs alone and nothing installs after it: the RUN only leaves a package index in the image; remove it.',
    },
    examples: {
      bad: ['FROM debian:12\nRUN apt-get update\nRUN apt-get install -y curl\n'],
      good: ['FROM debian:12\nRUN apt-get update && apt-get install -y curl\n'],
    },
  },
  check(doc, report) {
    const updates = [
      ...toolCalls(doc, ['apt-get', 'apt'], ['update'], APT_VALUE_OPTIONS),
      ...toolCalls(doc, ['apk'], ['update'], APK_VALUE_OPTIONS),
    ];
    const pacman = pacmanRefreshes(doc);
    const updateNodes = new Set([...updates.map((u) => u.cmd.node), ...pacman.map((p) => p.cmd.node)]);
    const alone = (cmd: CommandRef): boolean => commandsOf(cmd.instruction).every((c) => updateNodes.has(c.node) || INERT.has(c.name));
    const found = [
      ...updates.map((u) => ({ cmd: u.cmd, last: u.sub, text: `${u.cmd.name} ${u.sub.value}` })),
      ...pacman.map((p) => ({ cmd: p.cmd, last: p.last, text: p.text })),
    ].sort((a, b) => a.cmd.instruction.range.start_line - b.cmd.instruction.range.start_line);
    for (const u of found) {
      if (!alone(u.cmd)) continue;
      if (installFollows(doc, u.cmd)) report({ range: commandRange(u.cmd, u.last), data: { command: u.text }, fix: mergeIntoNext(doc, u.cmd) });
      else report({ range: commandRange(u.cmd, u.last), messageId: 'unused', data: { command: u.text } });
    }
  },
};
