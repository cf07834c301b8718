// Build contexts: what `docker build` sends for each submitted Dockerfile, and the ignore file Docker reads for it.
// A compose `build` gives the context (relative to the compose file) and the Dockerfile; a Dockerfile no compose file
// builds is taken as built from its own directory (`docker build .` beside it, the common case). BuildKit reads the
// Dockerfile's own `<name>.dockerignore` beside it when there is one, else the context root's `.dockerignore`.
// We know the ignore file's patterns, never the repository's files: the rules say what the patterns let through.
import { posix } from 'node:path';
import { isInterpolated } from '../analyzers/compose/interpolation.ts';
import type { Instruction } from '../analyzers/dockerfile/types.ts';
import { goClean } from '../analyzers/dockerignore/match.ts';
import type { Range } from '../core/types.ts';
import { configKey } from './builds.ts';
import { projectPath, REMOTE, resolveFrom } from './paths.ts';
import type { BuildContext, BuildLink, DockerfileFile, DockerignoreFile, ProjectFile } from './types.ts';

function ignoreFileFor(dockerfilePath: string, dir: string, ignores: ReadonlyMap<string, DockerignoreFile>): DockerignoreFile | undefined {
  return ignores.get(`${dockerfilePath}.dockerignore`) ?? ignores.get(projectPath(posix.join(dir, '.dockerignore')));
}

/** The context root a compose build sends, as a project path; undefined when remote or from interpolation. */
function contextDir(link: BuildLink): string | undefined {
  const context = link.build.context?.value ?? '.';
  if (REMOTE.test(context) || isInterpolated(context)) return undefined;
  return resolveFrom((link.build.context ?? link.build.key).file, context);
}

export function buildContexts(files: readonly ProjectFile[], links: readonly BuildLink[]): BuildContext[] {
  const ignores = new Map(files.filter((f): f is DockerignoreFile => f.fileType === 'dockerignore').map((f) => [projectPath(f.filename), f]));
  const contexts = new Map<string, BuildContext>();
  const built = new Set<DockerfileFile>();
  for (const link of links) {
    const dir = contextDir(link);
    if (!link.dockerfile || !link.doc || dir === undefined) continue;
    built.add(link.dockerfile);
    const key = `${link.dockerfile.filename}\n${dir}\n${configKey(link.config)}`;
    const seen = contexts.get(key);
    if (seen) {
      seen.builds.push(link);
      continue;
    }
    const ignore = ignoreFileFor(link.path!, dir, ignores);
    contexts.set(key, { dockerfile: link.dockerfile, doc: link.doc, dir, builds: [link], ...(ignore ? { ignore } : {}) });
  }
  for (const f of files) {
    if (f.fileType !== 'dockerfile' || built.has(f)) continue;
    const path = projectPath(f.filename);
    const dir = posix.dirname(path);
    const ignore = ignoreFileFor(path, dir, ignores);
    contexts.set(`${f.filename}\n${dir}`, { dockerfile: f, doc: f.parsed.doc, dir, builds: [], ...(ignore ? { ignore } : {}) });
  }
  return [...contexts.values()];
}

/** One source of a COPY or ADD that reads the build context: where it is written and the context path it names. */
export interface ContextSource {
  instruction: Instruction;
  range: Range;
  /** As written, for messages. */
  written: string;
  /** Cleaned, relative to the context root (`.` is the whole context); undefined when a variable is unknown. */
  path?: string;
  /** Holds `*`, `?` or `[`: it names what matches, not one path. */
  wildcard: boolean;
}

const URL = /^[a-z][a-z0-9+.-]*:\/\/|^git@/i;

/** Every source of every COPY and ADD that reads the context (no `--from`, no URL, no heredoc), in file order. */
export function contextSources(ctx: BuildContext): ContextSource[] {
  const out: ContextSource[] = [];
  for (const stage of ctx.doc.stages) {
    for (const instruction of stage.instructions) {
      if (instruction.kind !== 'COPY' && instruction.kind !== 'ADD') continue;
      if (instruction.flags.some((f) => f.name.toLowerCase() === 'from')) continue;
      const heredocs = new Set(instruction.heredocs.map((h) => h.marker.start));
      const words = instruction.json
        ? instruction.json.slice(0, -1).map((j) => ({ range: j.range, written: j.value, resolved: j.value, known: !j.value.includes('$'), start: j.start }))
        : instruction.args.slice(0, -1).map((w) => ({ range: w.range, written: w.raw, resolved: w.resolved, known: w.unresolved.length === 0, start: w.start }));
      for (const w of words) {
        if (heredocs.has(w.start) || w.written.startsWith('<<') || URL.test(w.resolved)) continue;
        const cleaned = goClean(w.resolved.replace(/^\/+/, ''));
        out.push({ instruction, range: w.range, written: w.written, wildcard: /[*?[]/.test(w.resolved), ...(w.known ? { path: cleaned } : {}) });
      }
    }
  }
  return out;
}

/** Sources that send the whole context: `.`, `./`, `/`, `*`. */
export function wholeContext(source: ContextSource): boolean {
  return source.path === '.' || source.path === '*';
}
