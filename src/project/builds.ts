// Compose `build` → submitted Dockerfile. Paths follow Compose: `context` is relative to the compose file's
// directory (default `.`), `dockerfile` relative to the context (default `Dockerfile`); submitted file names
// are read the same way, so `build: ./api` in `deploy/compose.yaml` finds `deploy/api/Dockerfile`.
import { posix } from 'node:path';
import { isInterpolated } from '../analyzers/compose/interpolation.ts';
import type { Build, Service } from '../analyzers/compose/model.ts';
import type { BuildConfig, BuildLink, ComposeFile } from './types.ts';

/** A submitted file name as a project path: `/`-separated, `.` and `..` segments folded, no leading `./`. */
export function projectPath(filename: string): string {
  return posix.normalize(filename.replace(/\\/g, '/'));
}

/** `https://…`, `git@…` and other URLs are remote contexts: their Dockerfile cannot be in the submission. */
const REMOTE = /^(?:[a-z][a-z0-9+.-]*:\/\/|git@)/i;

function join(dir: string, p: string): string {
  return p.startsWith('/') ? p : posix.join(dir, p);
}

/** The Dockerfile a build reads, as a project path; undefined when the submission cannot hold it. */
export function dockerfilePath(composeFilename: string, build: Build): string | undefined {
  if (build.dockerfileInline) return undefined;
  const context = build.context?.value ?? '.';
  const dockerfile = build.dockerfile?.value ?? 'Dockerfile';
  if (REMOTE.test(context) || isInterpolated(context) || isInterpolated(dockerfile)) return undefined;
  return projectPath(join(join(posix.dirname(projectPath(composeFilename)), context), dockerfile));
}

export function buildConfig(build: Build): BuildConfig {
  const buildArgs = new Map<string, string>();
  for (const a of build.args) if (a.value !== undefined && !a.interpolated) buildArgs.set(a.key, a.value);
  const target = build.target && !isInterpolated(build.target.value) ? build.target.value : undefined;
  return target === undefined ? { buildArgs } : { buildArgs, target };
}

/** Equal for builds that make the same image from the same file. */
export function configKey(config: BuildConfig): string {
  return JSON.stringify([config.target ?? null, [...config.buildArgs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))]);
}

/** The service's own `build`, or the nearest one it inherits through same-file `extends`. */
function buildOf(service: Service): Build | undefined {
  return [service, ...service.bases].find((s) => s.build)?.build;
}

/** Every build of the compose files, with the path of the Dockerfile it reads (linked to no file yet). */
export function linkBuilds(composeFiles: readonly ComposeFile[]): BuildLink[] {
  const links: BuildLink[] = [];
  for (const compose of composeFiles) {
    for (const service of compose.parsed.doc.services) {
      const build = buildOf(service);
      if (!build) continue;
      const link: BuildLink = { compose, service, build, pathRange: (build.dockerfile ?? build.context ?? build).range, config: buildConfig(build) };
      const path = dockerfilePath(compose.filename, build);
      if (path !== undefined) link.path = path;
      links.push(link);
    }
  }
  return links;
}
