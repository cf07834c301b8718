// Compose `build` → submitted Dockerfile. A service's `build` is merged over the definitions it extends, key by
// key. Paths follow Compose: `context` is relative to the directory of the compose file that writes it (default
// `.`), `dockerfile` relative to the context (default `Dockerfile`); submitted file names are read the same way,
// so `build: ./api` in `deploy/compose.yaml` finds `deploy/api/Dockerfile`.
import { isInterpolated } from '../analyzers/compose/interpolation.ts';
import type { KeyValue } from '../analyzers/compose/model.ts';
import { join, projectPath, REMOTE, resolveFrom } from './paths.ts';
import type { BuildConfig, BuildLink, EffectiveBuild, In, Layer, ProjectService } from './types.ts';

/** The Dockerfile a build reads, as a project path; undefined when the submission cannot hold it. */
export function dockerfilePath(build: EffectiveBuild): string | undefined {
  if (build.dockerfileInline) return undefined;
  const context = build.context?.value ?? '.';
  const dockerfile = build.dockerfile?.value ?? 'Dockerfile';
  if (REMOTE.test(context) || isInterpolated(context) || isInterpolated(dockerfile)) return undefined;
  return projectPath(join(resolveFrom((build.context ?? build.key).file, context), dockerfile));
}

export function buildConfig(build: EffectiveBuild): BuildConfig {
  const buildArgs = new Map<string, string>();
  for (const a of build.args) if (a.value !== undefined && !a.interpolated) buildArgs.set(a.key, a.value);
  const target = build.target && !isInterpolated(build.target.value) ? build.target.value : undefined;
  return target === undefined ? { buildArgs } : { buildArgs, target };
}

/** Equal for builds that make the same image from the same file. */
export function configKey(config: BuildConfig): string {
  return JSON.stringify([config.target ?? null, [...config.buildArgs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))]);
}

const FIELDS = ['context', 'dockerfile', 'dockerfileInline', 'target'] as const;

/** The `build` Compose uses: each key from the nearest definition that sets it, `args` merged by name (nearest wins). */
function effectiveBuild(layers: readonly Layer[]): EffectiveBuild | undefined {
  const builds = layers.flatMap((l) => (l.service.build ? [{ file: l.compose.filename, build: l.service.build }] : []));
  const [nearest] = builds;
  if (!nearest) return undefined;
  const effective: EffectiveBuild = { key: { range: nearest.build.range, file: nearest.file }, args: [] };
  for (const field of FIELDS) {
    const from = builds.find((b) => b.build[field]);
    if (from) effective[field] = { ...from.build[field]!, file: from.file };
  }
  const named = new Set<string>();
  for (const { file, build } of builds) {
    const own: In<KeyValue>[] = build.args.filter((a) => !named.has(a.key)).map((a) => ({ ...a, file }));
    for (const a of own) named.add(a.key);
    effective.args.push(...own);
  }
  return effective;
}

/** Every build of the services, with the path of the Dockerfile it reads (linked to no file yet). */
export function linkBuilds(services: readonly ProjectService[]): BuildLink[] {
  const links: BuildLink[] = [];
  for (const s of services) {
    const build = effectiveBuild(s.layers);
    if (!build) continue;
    const link: BuildLink = { ...s, build, pathAt: build.dockerfile ?? build.context ?? build.key, config: buildConfig(build) };
    // Past an open chain an unseen base may set the context; without a seen one the Dockerfile is unknown.
    const path = s.open && !build.context ? undefined : dockerfilePath(build);
    if (path !== undefined) link.path = path;
    links.push(link);
  }
  return links;
}
