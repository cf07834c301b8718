// Questions the package-manager and RUN-hygiene rules ask: which commands of a given tool run, what their
// subcommand word is, whether a RUN cleans up (or mounts a build cache over) what a command leaves behind,
// and whether a stage ends up in the image `docker build` produces.
import type { Range } from '../../core/types.ts';
import type { CommandRef } from './query.ts';
import { commandsOf, finalStage, hasOption, memoized, positionals, runCommands, runCommandsByName } from './query.ts';
import type { DockerfileDoc, DWord, Instruction, ShellWord, Stage } from './types.ts';

/** Every command of every RUN whose name is one of `names`, in RUN order (shared: read-only). */
export function runCommandsNamed(doc: DockerfileDoc, ...names: string[]): readonly CommandRef[] {
  const index = runCommandsByName(doc);
  let found: readonly CommandRef[] | undefined;
  for (const name of names) {
    const list = index.get(name);
    if (!list) continue;
    // Commands of several of the names: keep them interleaved in RUN order.
    if (found) return runCommands(doc).filter((c) => names.includes(c.name));
    found = list;
  }
  return found ?? [];
}

/** The subcommand word (`install` of `apt-get -y install curl`); options in `withValue` consume a value. */
export function subcommandWord(cmd: CommandRef, withValue: readonly string[] = []): ShellWord | undefined {
  return positionals(cmd, withValue)[0];
}

/** From the command name to `last` (usually the subcommand): `apt-get install`, `sudo` excluded. */
export function commandRange(cmd: CommandRef, last: ShellWord): Range {
  const first = cmd.nameWord ?? last;
  return { start_line: first.range.start_line, start_column: first.range.start_column, end_line: last.range.end_line, end_column: last.range.end_column };
}

/**
 * Targets of the RUN's `--mount=type=cache` and `--mount=type=tmpfs` flags (an `ONBUILD RUN` uses its inner
 * instruction's flags): what a command writes under either is not committed to the layer.
 */
export function cacheMountTargets(instr: Instruction): string[] {
  const run = instr.onbuild ?? instr;
  const out: string[] = [];
  for (const f of run.flags) {
    if (f.name !== 'mount') continue;
    const type = f.options.find((o) => o.key === 'type')?.value;
    const target = f.options.find((o) => o.key === 'target' || o.key === 'dst' || o.key === 'destination')?.value;
    if ((type === 'cache' || type === 'tmpfs') && target !== undefined) out.push(target.replace(/\/+$/, '') || '/');
  }
  return out;
}

/** Whether a cache or tmpfs mount of the RUN covers `path` (is the path or one of its parents). */
export function cacheMountCovers(instr: Instruction, path: string): boolean {
  return cacheMountTargets(instr).some((t) => t === '/' || path === t || path.startsWith(`${t}/`));
}

/**
 * Whether the same RUN deletes what `pattern` matches after `after` runs: `rm` with a matching operand
 * (`rm -rf /var/lib/apt/lists/*`), or a command given by `isCleanup` (`yum clean all`).
 */
export function cleansUpAfter(after: CommandRef, pattern: RegExp | undefined, isCleanup?: (c: CommandRef) => boolean): boolean {
  return commandsOf(after.instruction).some(
    (c) =>
      c.node.start > after.node.start &&
      ((pattern !== undefined && c.name === 'rm' && positionals(c).some((w) => pattern.test(w.value))) || (isCleanup?.(c) ?? false)),
  );
}

/**
 * Whether what an instruction leaves behind reaches the default build result: its stage is the final one or
 * an ancestor of it (`FROM base`). Files left in a builder stage that is only copied from do not ship.
 * ONBUILD instructions run in a child image, so they always count.
 */
export function shipsInFinalImage(doc: DockerfileDoc, instr: Instruction): boolean {
  if (instr.onbuild) return true;
  return instr.stage === undefined || memoized(doc, finalImageStages).has(instr.stage);
}

/** Whether a stage is the final one or one it builds on (`FROM base`): what the default build ships. */
export function stageInFinalImage(doc: DockerfileDoc, stage: Stage): boolean {
  return memoized(doc, finalImageStages).has(stage);
}

/** The final stage and the stages it builds on. */
function finalImageStages(doc: DockerfileDoc): ReadonlySet<Stage> {
  const chain = new Set<Stage>();
  for (let s = finalStage(doc); s && !chain.has(s); s = s.image?.stage) chain.add(s);
  return chain;
}

/** Whether a variable is set to a non-empty value for the command: ENV/ARG in scope or an assignment prefix. */
export function variableSet(cmd: CommandRef, name: string): boolean {
  const inline = [...cmd.node.assignments.map((a) => [a.name, a.value.value] as const), ...cmd.wrappers.flatMap((w) => {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(w.value);
    return m ? [[m[1]!, m[2]!] as const] : [];
  })];
  const value = inline.find(([k]) => k === name)?.[1] ?? exportedBefore(cmd, name) ?? (cmd.instruction.onbuild ?? cmd.instruction).env.get(name);
  return value !== undefined && value !== '';
}

/** The value an `export NAME=value` earlier in the same RUN gives `name` (the last one), if any. */
function exportedBefore(cmd: CommandRef, name: string): string | undefined {
  let value: string | undefined;
  for (const c of commandsOf(cmd.instruction)) {
    if (c.node.start >= cmd.node.start) break;
    if (c.name !== 'export') continue;
    for (const w of c.args) if (w.value.startsWith(`${name}=`)) value = w.value.slice(name.length + 1);
  }
  return value;
}

/** A package-manager call: the command, its subcommand word and the operands after it (packages, mostly). */
export interface ToolCall {
  cmd: CommandRef;
  sub: ShellWord;
  /** The subcommand spelled out: `install` for dnf's `in`, `upgrade` for its `up`. */
  verb: string;
  operands: ShellWord[];
  /** `dnf module install nodejs:20`: the operands are module specs (`name[:stream][/profile]`). */
  module?: boolean;
}

/** Subcommand aliases the tools accept (dnf's `in`, `up`, `rei`; yum on current systems is dnf). */
const DNF_ALIASES: Readonly<Record<string, string>> = {
  in: 'install', rei: 'reinstall', up: 'upgrade', 'up-min': 'upgrade-minimal', 'update-minimal': 'upgrade-minimal',
  rm: 'remove', erase: 'remove', dsync: 'distro-sync', 'distribution-synchronization': 'distro-sync', 'install-n': 'install',
  'install-na': 'install', 'install-nevra': 'install',
};
const SUB_ALIASES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  dnf: DNF_ALIASES, dnf5: DNF_ALIASES, yum: DNF_ALIASES, microdnf: DNF_ALIASES,
  zypper: { in: 'install', up: 'update', dup: 'dist-upgrade', rm: 'remove', ref: 'refresh' },
};

/** The subcommand `word` of `tool` spelled out (`dnf in` → `install`); unknown words are returned as they are. */
export function canonicalSub(tool: string, word: string): string {
  return SUB_ALIASES[tool]?.[word] ?? word;
}

/** Options that make a package manager only say what it would do (a dry run): it installs, removes and prompts
 * for nothing. `zypper -D` is `--reposd-dir` before the subcommand, `--dry-run` after it. */
const DRY_RUN: Readonly<Record<string, { anywhere: readonly string[]; afterSub?: readonly string[] }>> = {
  'apt-get': { anywhere: ['-s', '--simulate', '--just-print', '--dry-run', '--recon', '--no-act'] },
  apt: { anywhere: ['-s', '--simulate', '--just-print', '--dry-run', '--recon', '--no-act'] },
  apk: { anywhere: ['-s', '--simulate'] },
  yum: { anywhere: ['--assumeno'] },
  dnf: { anywhere: ['--assumeno'] },
  dnf5: { anywhere: ['--assumeno'] },
  microdnf: { anywhere: ['--assumeno'] },
  zypper: { anywhere: ['--dry-run'], afterSub: ['-D'] },
  npm: { anywhere: ['--dry-run'] },
};

/** Whether a package-manager call is a dry run (`apt-get install -s`, `apk add --simulate`, `zypper in -D`). */
function isDryRun(cmd: CommandRef, sub: ShellWord): boolean {
  const tool = DRY_RUN[cmd.name];
  if (!tool) return false;
  if (hasOption(cmd, ...tool.anywhere)) return true;
  const after = cmd.args.slice(cmd.args.indexOf(sub) + 1);
  return tool.afterSub?.some((o) => after.some((w) => w.value === o)) ?? false;
}

/** Calls of any of `names` whose subcommand is one of `subs`, in RUN order. Dry runs change nothing, so no
 * rule about what a call installs, leaves behind or prompts for applies to them: they are left out. */
export function toolCalls(doc: DockerfileDoc, names: readonly string[], subs: readonly string[], withValue: readonly string[] = []): ToolCall[] {
  const out: ToolCall[] = [];
  for (const cmd of runCommandsNamed(doc, ...names)) {
    let [sub, ...operands] = positionals(cmd, withValue);
    if (!sub) continue;
    let verb = canonicalSub(cmd.name, sub.value);
    let module = false;
    // `dnf module install nodejs:20`: the module action is the verb, the specs after it its operands.
    if (verb === 'module' && !subs.includes('module') && SUB_ALIASES[cmd.name] === DNF_ALIASES && operands[0]) {
      sub = operands[0];
      operands = operands.slice(1);
      verb = canonicalSub(cmd.name, sub.value);
      module = true;
    }
    if (!subs.includes(verb) || isDryRun(cmd, sub)) continue;
    const call: ToolCall = { cmd, sub, verb, operands };
    if (module) call.module = true;
    out.push(call);
  }
  return out;
}

/** apt-get / apt options that take a separate value. */
export const APT_VALUE_OPTIONS = ['-o', '-c', '-t', '--option', '--config-file', '--target-release', '--default-release'];
/** apk options that take a separate value. */
export const APK_VALUE_OPTIONS = ['-t', '--virtual', '-X', '--repository', '-p', '--root', '--arch', '--keys-dir', '--repositories-file', '--cache-dir', '--cache-max-age'];
/** yum / dnf / microdnf options that take a separate value. */
export const RPM_VALUE_OPTIONS = ['-c', '-d', '-e', '-x', '-R', '--config', '--installroot', '--enablerepo', '--disablerepo', '--exclude', '--setopt', '--releasever', '--repo', '--repoid', '--forcearch', '--downloaddir', '--destdir'];
/** zypper global options that take a separate value. */
export const ZYPPER_VALUE_OPTIONS = ['-R', '--root', '-c', '--config', '-D', '--reposd-dir', '-C', '--cache-dir', '--raw-cache-dir', '--solv-cache-dir', '--pkg-cache-dir', '-r', '--repo', '--from', '-t', '--type'];

/** An operand that names a local or remote package file rather than a repository package. */
export function isPackageFile(word: ShellWord): boolean {
  return /^[./~]/.test(word.value) || word.value.includes('://') || /\.(deb|apk|rpm)$/.test(word.value);
}

/** pip install options that take a separate value. */
export const PIP_VALUE_OPTIONS = [
  '-r', '--requirement', '-c', '--constraint', '-e', '--editable', '-t', '--target', '-i', '--index-url', '--extra-index-url',
  '-f', '--find-links', '--prefix', '--root', '--platform', '--python-version', '--implementation', '--abi', '--src',
  '--upgrade-strategy', '--progress-bar', '--trusted-host', '--cache-dir', '--log', '--proxy', '--retries', '--timeout',
  '--exists-action', '--cert', '--client-cert', '-C', '--config-settings', '--global-option', '--no-binary', '--only-binary',
  '--report', '--python', '--root-user-action', '--use-feature', '--use-deprecated', '--keyring-provider', '--group',
];

const PIP = /^pip(\d+(\.\d+)?)?$/;
const PYTHON = /^python(\d+(\.\d+)?)?$/;

/**
 * pip calls with one of the subcommands: `pip3 install …` and `python3 -m pip install …` alike. For the module
 * form the returned command's `args` start after `-m pip`, so option helpers read pip's own options.
 */
export function pipCalls(doc: DockerfileDoc, subs: readonly string[]): ToolCall[] {
  const out: ToolCall[] = [];
  for (const c of runCommands(doc)) {
    let cmd = c;
    if (PYTHON.test(c.name)) {
      const m = c.args.findIndex((w) => w.value === '-m');
      if (m === -1 || !PIP.test(c.args[m + 1]?.value ?? '')) continue;
      cmd = { ...c, args: c.args.slice(m + 2) };
    } else if (!PIP.test(c.name)) continue;
    const [sub, ...operands] = positionals(cmd, PIP_VALUE_OPTIONS);
    // `pip install --dry-run` resolves and installs nothing.
    if (sub && subs.includes(sub.value) && !hasOption(cmd, '--dry-run')) out.push({ cmd, sub, verb: sub.value, operands });
  }
  return out;
}

/** One EXPOSE argument read as Docker does: `[ip:][hostPort:]port[-end][/protocol]`. */
export interface ExposedPort {
  word: DWord;
  /** Everything before the container port (`127.0.0.1:8080`), when the host-mapping form was used. */
  mapping?: string;
  /** The container port or range as written (`80`, `8000-8010`). */
  port: string;
  /** Numeric bounds of `port`, absent when it is not a number or range. */
  from?: number;
  to?: number;
  protocol?: string;
  /** Index of the protocol in the word's text (after the `/`). */
  protocolAt?: number;
}

/** EXPOSE arguments whose value is known (words built from unset variables are skipped). */
export function exposedPorts(instr: Instruction): ExposedPort[] {
  const out: ExposedPort[] = [];
  for (const word of instr.args) {
    if (word.unresolved.length > 0 || word.resolved === '') continue;
    const text = word.resolved;
    const slash = text.lastIndexOf('/');
    const spec = slash === -1 ? text : text.slice(0, slash);
    const colon = spec.lastIndexOf(':');
    const port: ExposedPort = { word, port: spec.slice(colon + 1) };
    if (colon !== -1) port.mapping = spec.slice(0, colon);
    if (slash !== -1) {
      port.protocol = text.slice(slash + 1);
      port.protocolAt = slash + 1;
    }
    const m = /^(\d{1,6})(?:-(\d{1,6}))?$/.exec(port.port);
    if (m) {
      port.from = Number(m[1]);
      port.to = Number(m[2] ?? m[1]);
    }
    out.push(port);
  }
  return out;
}

/** Compiled references by name: rules ask for the same few names per pair and per file. Bounded, as names come from input. */
const references = new Map<string, RegExp>();

/** Matches a `$NAME` or `${NAME…}` reference to exactly this name (keys may hold any character). Stateless (no `g`): shareable. */
export function variableReference(name: string): RegExp {
  let re = references.get(name);
  if (!re) {
    const n = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    re = new RegExp(`\\$(\\{${n}(?![A-Za-z0-9_])[^}]*\\}|${n}(?![A-Za-z0-9_]))`);
    if (references.size >= 512) references.clear();
    references.set(name, re);
  }
  return re;
}

/** The `$NAME` / `${NAME…}` reference to `name` inside a Dockerfile word written on one line, else the whole word. */
export function variableReferenceRange(word: DWord, name: string): Range {
  const m = variableReference(name).exec(word.raw);
  if (!m || word.range.start_line !== word.range.end_line) return word.range;
  const start = word.range.start_column + m.index;
  return { ...word.range, start_column: start, end_column: start + m[0].length };
}

/** Names some stage of the file sets with ENV or ARG. */
function collectNamesSet(doc: DockerfileDoc): ReadonlySet<string> {
  const names = new Set<string>();
  for (const instr of doc.instructions) if (instr.kind === 'ENV' || instr.kind === 'ARG') for (const p of instr.pairs) names.add(p.key.value);
  return names;
}

/** A word whose only dynamic parts are `$name` / `${name}` of variables set in another stage of the file but not in
 * scope where the command runs (`ENV version=…` in a build stage, `pkg-${version}` in the final one): the author
 * expects a value, the shell expands nothing. The word as it runs, variables removed; undefined for any other word
 * (a variable may come from the base image, the RUN itself or a build argument). */
export function withStrandedVariablesEmpty(doc: DockerfileDoc, cmd: CommandRef, word: ShellWord): string | undefined {
  if (!word.dynamic || /\$\(|`|\$\{[^}]*[^\w}]/.test(word.value)) return undefined;
  const names = [...word.value.matchAll(/\$\{?([A-Za-z_]\w*)\}?/g)].map((m) => m[1]!);
  const env = cmd.instruction.onbuild?.env ?? cmd.instruction.env;
  const script = (cmd.instruction.onbuild ?? cmd.instruction).argsText;
  const stranded = names.every((n) => !env.has(n) && memoized(doc, collectNamesSet).has(n) && !new RegExp(`\\b${n}=`).test(script));
  return names.length > 0 && stranded ? word.value.replace(/\$\{?[A-Za-z_]\w*\}?/g, '') : undefined;
}