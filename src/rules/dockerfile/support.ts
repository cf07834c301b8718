// Helpers the Dockerfile rules share: the rule type, reference URLs, and the environment settings a build
// makes (ENV/ARG pairs and `NAME=value` assignments or `export`s in RUN), read once per document.
import type { DockerfileDoc, ImageRef, Instruction, Span, Stage } from '../../analyzers/dockerfile/types.ts';
import { parseImageRef } from '../../analyzers/dockerfile/image.ts';
import { isPackageFile } from '../../analyzers/dockerfile/query-packages.ts';
import type { CommandRef } from '../../analyzers/dockerfile/query.ts';
import { memoized, positionals, runCommands } from '../../analyzers/dockerfile/query.ts';
import { expandText } from '../../analyzers/dockerfile/words.ts';
import type { Reporter, Rule } from '../../core/rule.ts';
import type { Range } from '../../core/types.ts';

export type DockerfileRule = Rule<DockerfileDoc>;

/** A link to the Dockerfile reference, e.g. `#user`. */
export function dockerfileRef(anchor: string): string {
  return `https://docs.docker.com/reference/dockerfile/${anchor}`;
}

/** A link to a Docker build check, e.g. `stage-name-casing`. */
export function buildCheckRef(slug: string): string {
  return `https://docs.docker.com/reference/build-checks/${slug}/`;
}

export function hadolintRef(id: string): string {
  return `https://github.com/hadolint/hadolint/wiki/${id}`;
}

export interface EnvSetting {
  name: string;
  /** The value as Docker or the shell would see it (variables substituted where Docker does it). */
  value: string;
  /** Where to point: the whole `NAME=value`. */
  span: Span;
  instruction: Instruction;
}

function collectEnvSettings(doc: DockerfileDoc): EnvSetting[] {
  const out: EnvSetting[] = [];
  for (const instruction of doc.instructions) {
    const target = instruction.onbuild ?? instruction;
    if (target.kind === 'ENV' || target.kind === 'ARG') {
      for (const p of target.pairs) if (p.value) out.push({ name: p.key.value, value: p.value.resolved, span: p, instruction });
    }
  }
  for (const cmd of runCommands(doc)) {
    for (const a of cmd.node.assignments) out.push({ name: a.name, value: a.value.value, span: a, instruction: cmd.instruction });
    if (cmd.name === 'export' || cmd.name === 'declare' || cmd.name === 'readonly') {
      for (const w of cmd.args) {
        const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(w.value);
        if (m) out.push({ name: m[1]!, value: m[2]!, span: w, instruction: cmd.instruction });
      }
    }
  }
  return out.sort((a, b) => a.span.start - b.span.start);
}

/** Every variable a build sets: ENV and ARG (with a value), `NAME=value cmd` and `export NAME=value` in RUN. */
export function envSettings(doc: DockerfileDoc): EnvSetting[] {
  return memoized(doc, collectEnvSettings);
}

function indexStageNames(doc: DockerfileDoc): ReadonlyMap<string, readonly Stage[]> {
  const index = new Map<string, Stage[]>();
  for (const s of doc.stages) {
    const name = s.name?.resolved.toLowerCase();
    if (name === undefined) continue;
    const list = index.get(name);
    if (list) list.push(s);
    else index.set(name, [s]);
  }
  return index;
}

/** Stages by name, lower-cased as Docker compares them, each list in file order; computed once per document. */
export function stagesByName(doc: DockerfileDoc): ReadonlyMap<string, readonly Stage[]> {
  return memoized(doc, indexStageNames);
}

/** The stage and the chain of earlier stages it builds on (`FROM build`), final stage first. */
export function stageChain(stage: Stage): Stage[] {
  const chain: Stage[] = [];
  for (let s: Stage | undefined = stage; s && !chain.includes(s); s = s.image?.stage) chain.push(s);
  return chain;
}

/** The last USER instruction in effect for the final image (looking through stages it builds on). */
export function finalUser(doc: DockerfileDoc): Instruction | undefined {
  const final = doc.stages[doc.stages.length - 1];
  if (!final) return undefined;
  for (const s of stageChain(final)) {
    for (let i = s.instructions.length - 1; i >= 0; i--) if (s.instructions[i]!.kind === 'USER') return s.instructions[i];
  }
  return undefined;
}

/**
 * Names that hold a credential: the secret word ends the name (`DB_PASSWORD`, `NPM_TOKEN`, `AWS_SECRET_ACCESS_KEY`),
 * so `PASSWORD_FILE`, `TOKEN_URL`, `GPG_KEY` (a public fingerprint) and `PWD` are not taken for secrets.
 */
export function isSecretName(name: string): boolean {
  const n = name.toUpperCase().replace(/-/g, '_');
  // `PUBLIC_TOKEN`, `PUBLIC_KEY`: published on purpose (BuildKit allows them too).
  if (n === 'PWD' || /(?:^|_)PUBLIC(?:_|$)/.test(n)) return false;
  return /(?:^|_)(?:PASSWORD|PASSWD|PASS|PASSPHRASE|PWD|SECRET|TOKEN|API_?KEY|ACCESS_KEY|ACCESS_KEY_ID|SECRET_KEY|PRIVATE_KEY|CLIENT_SECRET|CREDENTIALS?|AUTH_TOKEN|SECRET_KEY_BASE)$/.test(n) || n === 'APIKEY';
}

/** Reports every environment setting of one of `names` whose value `bad` accepts, at the setting. */
export function reportEnv(doc: DockerfileDoc, report: Reporter, names: readonly string[], bad: (value: string) => boolean): void {
  for (const s of envSettings(doc)) if (names.includes(s.name) && bad(s.value)) report({ range: s.span.range, data: { name: s.name, value: s.value } });
}

/** `false`, `0`, `no`, `off` in any case. */
export function isFalsy(value: string): boolean {
  return /^(?:false|0|no|off)$/i.test(value.trim());
}

/** Where a `COPY --from` or a `RUN --mount=…,from=` takes files from: an earlier stage or an image. */
export interface FileSource {
  /** The COPY or RUN (its ONBUILD, if wrapped). */
  instruction: Instruction;
  /** The value with variables substituted (defaults included). */
  name: string;
  /** The value in the file. */
  range: Range;
  /** A variable without a known value: what it names cannot be told. */
  unresolved: boolean;
  /** The earlier stage it names (by name or index). */
  stage?: Stage;
  /** Otherwise, the image Docker pulls. */
  image?: ImageRef;
  /** Where the files land: COPY's absolute destination or the mount's target, without a trailing slash. */
  target?: string;
}

function earlierStage(doc: DockerfileDoc, name: string, current: Stage | undefined): Stage | undefined {
  const limit = current?.index ?? doc.stages.length;
  if (/^\d+$/.test(name)) return Number(name) < limit ? doc.stages[Number(name)] : undefined;
  const first = stagesByName(doc).get(name.toLowerCase())?.[0];
  return first && first.index < limit ? first : undefined;
}

function fileSource(doc: DockerfileDoc, instruction: Instruction, name: string, unresolved: boolean, range: Range, target: string | undefined): FileSource {
  const source: FileSource = { instruction, name, range, unresolved };
  const stage = earlierStage(doc, name, (instruction.onbuild ? undefined : instruction.stage));
  if (stage) source.stage = stage;
  else if (!unresolved && name !== '') source.image = parseImageRef(name);
  const t = target?.replace(/\/+$/, '');
  if (t !== undefined && t.startsWith('/')) source.target = t;
  return source;
}

function collectFileSources(doc: DockerfileDoc): FileSource[] {
  const out: FileSource[] = [];
  for (const instruction of doc.instructions) {
    const target = instruction.onbuild ?? instruction;
    if (target.kind === 'COPY') {
      const value = target.flags.find((f) => f.name === 'from')?.value;
      if (!value) continue;
      const dest = target.json ? target.json[target.json.length - 1]?.value : target.args[target.args.length - 1]?.resolved;
      out.push(fileSource(doc, instruction, value.resolved, value.unresolved.length > 0, value.range, dest));
    } else if (target.kind === 'RUN') {
      for (const flag of target.flags) {
        if (flag.name !== 'mount') continue;
        const from = flag.options.find((o) => o.key === 'from');
        if (from?.value === undefined) continue;
        const expanded = expandText(from.value, target.env);
        const r = from.range;
        // The option's span is `from=value`: point at the value (flag values do not span lines).
        const range = r.start_line === r.end_line ? { ...r, start_column: r.start_column + 5 } : r;
        const mountTarget = flag.options.find((o) => o.key === 'target' || o.key === 'dst' || o.key === 'destination')?.value;
        out.push(fileSource(doc, instruction, expanded.text, expanded.unresolved !== undefined, range, mountTarget));
      }
    }
  }
  return out;
}

/** Every `COPY --from` and `RUN --mount=…,from=` of the file, in file order, resolved to a stage or an image. */
export function fileSources(doc: DockerfileDoc): readonly FileSource[] {
  return memoized(doc, collectFileSources);
}

/**
 * Whether everything a package-manager call installs comes from an earlier stage of this file: every operand after
 * the subcommand is a package file (or `repository` is a local directory) under where a `COPY --from=<stage>` of
 * the stage (or a stage it builds on) or a `--mount=from=<stage>` of the same RUN put that stage's files. Such
 * packages were built by this build and carry nobody else's signature; a named package from a remote repository
 * still does.
 */
export function installsOnlyStageFiles(doc: DockerfileDoc, cmd: CommandRef, withValue: readonly string[], repository?: string): boolean {
  const instr = cmd.instruction;
  const chain = instr.stage ? stageChain(instr.stage) : [];
  const landed = fileSources(doc)
    .filter((f) => f.stage && f.target !== undefined && (f.instruction === instr || (f.instruction.stage !== undefined && chain.includes(f.instruction.stage) && f.instruction.start < instr.start)))
    .map((f) => f.target!);
  if (landed.length === 0) return false;
  const fromStage = (path: string): boolean => landed.some((t) => t === '/' || path === t || path.startsWith(`${t}/`));
  const [, ...operands] = positionals(cmd, withValue);
  if (repository !== undefined) return fromStage(repository) && operands.every((w) => !isPackageFile(w) || fromStage(w.value));
  return operands.length > 0 && operands.every((w) => isPackageFile(w) && fromStage(w.value));
}
