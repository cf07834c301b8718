// Compose `extends` followed across the submitted compose files: every service with the definitions it is
// merged over, nearest first. Chains within one file come from the compose analyzer (`Service.bases`); a step
// to another file resolves `extends.file` against the directory of the file that writes it, as Compose does,
// and takes the submitted compose file at that project path. docs/project-analysis.md records the decisions.
import { isInterpolated } from '../analyzers/compose/interpolation.ts';
import type { Service } from '../analyzers/compose/model.ts';
import { projectPath, REMOTE, resolveFrom } from './paths.ts';
import type { ComposeFile, Layer, OpenChain, ProjectService } from './types.ts';

function follow(compose: ComposeFile, service: Service, byPath: ReadonlyMap<string, ComposeFile>): ProjectService {
  const layers: Layer[] = [];
  const done = (open?: OpenChain): ProjectService => (open ? { compose, service, layers, open } : { compose, service, layers });
  // Each parse makes its own Service objects, so identity tells definitions of different files apart.
  const seen = new Map<Service, number>();
  let file = compose;
  let next = service;
  for (;;) {
    for (const s of [next, ...next.bases]) {
      const index = seen.get(s);
      if (index !== undefined) return done({ reason: 'cycle', cycle: layers.slice(index) });
      seen.set(s, layers.length);
      layers.push({ compose: file, service: s });
    }
    const at = layers[layers.length - 1]!;
    const ext = at.service.extends;
    if (!ext) return done();
    // Without `file` the analyzer already followed the chain as far as it goes in this file.
    if (!ext.file) return done({ reason: 'sameFile' });
    if (isInterpolated(ext.file.value) || isInterpolated(ext.service)) return done({ reason: 'unresolved', at });
    const path = REMOTE.test(ext.file.value) ? ext.file.value : resolveFrom(at.compose.filename, ext.file.value);
    const target = byPath.get(path);
    if (!target) return done({ reason: 'notSubmitted', at, path });
    const base = target.parsed.doc.serviceByName.get(ext.service);
    if (!base) return done(target.parsed.syntaxErrors.length > 0 ? { reason: 'unreadable', at } : { reason: 'unknownService', at, path });
    file = target;
    next = base;
  }
}

/** Every service of the compose files, in submission order, with its `extends` chain across them. */
export function resolveServices(composeFiles: readonly ComposeFile[]): ProjectService[] {
  const byPath = new Map(composeFiles.map((f) => [projectPath(f.filename), f]));
  return composeFiles.flatMap((compose) => compose.parsed.doc.services.map((service) => follow(compose, service, byPath)));
}
