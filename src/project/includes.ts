// Compose `include` followed across the submitted compose files. Each path of an entry resolves against the
// directory of the file that writes it, as Compose does, to the submitted compose file at that project path; an
// included file's own `include` applies in turn. docs/project-analysis.md records the decisions.
import { isInterpolated } from '../analyzers/compose/interpolation.ts';
import { projectPath, REMOTE, resolveFrom } from './paths.ts';
import type { ComposeFile, IncludedModel, IncludeEntry, IncludeLink, Including } from './types.ts';

/** Every path of every compose file's `include`, linked to the submitted file it names. */
export function resolveIncludes(composeFiles: readonly ComposeFile[]): IncludeLink[] {
  const byPath = new Map(composeFiles.map((f) => [projectPath(f.filename), f]));
  return composeFiles.flatMap((compose) =>
    compose.parsed.doc.includes.flatMap((include, entry) =>
      include.paths.map((path, index): IncludeLink => {
        if (isInterpolated(path.value)) return { compose, entry, index, path };
        const resolved = REMOTE.test(path.value) ? path.value : resolveFrom(compose.filename, path.value);
        const target = byPath.get(resolved);
        return target ? { compose, entry, index, path, resolved, target } : { compose, entry, index, path, resolved };
      }),
    ),
  );
}

/** An entry as written: its path, or its merged list. */
export function entryLabel(entry: IncludeEntry): string {
  return entry.links.length === 1 ? entry.links[0]!.path.value : `[${entry.links.map((l) => l.path.value).join(', ')}]`;
}

/** Compose files merged over the base of an include entry (`path: [base, override]`): parts of one model, not models
 * of their own. */
export function overrideFiles(includes: readonly IncludeLink[]): Set<ComposeFile> {
  return new Set(includes.flatMap((l) => (l.index > 0 && l.target ? [l.target] : [])));
}

/**
 * Every compose file with `include`, in submission order, with what each entry and the whole brings in. Each file's
 * closure is walked once, over an index of the links, and reused (a submission can repeat one include thousands of
 * times: the work stays proportional to the links); a loop ends where it comes back to a file already brought in.
 */
export function includingFiles(includes: readonly IncludeLink[]): Including[] {
  const linksOf = new Map<ComposeFile, IncludeLink[]>();
  for (const link of includes) {
    const list = linksOf.get(link.compose);
    if (list) list.push(link);
    else linksOf.set(link.compose, [link]);
  }
  const closures = new Map<ComposeFile, IncludedModel>();
  const closureOf = (file: ComposeFile): IncludedModel => {
    let model = closures.get(file);
    if (!model) {
      model = walk(linksOf.get(file) ?? [], linksOf);
      closures.set(file, model);
    }
    return model;
  };
  /** What `links` bring in: their targets and the targets' closures. */
  const modelOf = (links: readonly IncludeLink[]): IncludedModel => {
    const files = new Set<ComposeFile>();
    let complete = true;
    for (const { target } of links) {
      if (!target) {
        complete = false;
        continue;
      }
      const closure = closureOf(target);
      if (target.parsed.syntaxErrors.length > 0 || !closure.complete) complete = false;
      files.add(target);
      for (const f of closure.files) files.add(f);
    }
    return { files: [...files], complete };
  };
  const out: Including[] = [];
  for (const [file, links] of linksOf) {
    const byEntry: IncludeLink[][] = [];
    for (const link of links) (byEntry[link.entry] ??= []).push(link);
    const entries = byEntry.filter((e) => e !== undefined).map((l) => ({ links: l, model: modelOf(l) }));
    out.push({ file, entries, model: closureOf(file) });
  }
  return out;
}

/** The files `links` bring in and, through their own `include`, every file those bring in (each file's links once). */
function walk(links: readonly IncludeLink[], linksOf: ReadonlyMap<ComposeFile, readonly IncludeLink[]>): IncludedModel {
  const files = new Set<ComposeFile>();
  let complete = true;
  const pending = [links];
  for (let batch = pending.pop(); batch; batch = pending.pop()) {
    for (const { target } of batch) {
      if (!target || target.parsed.syntaxErrors.length > 0) complete = false;
      if (!target || files.has(target)) continue;
      files.add(target);
      const next = linksOf.get(target);
      if (next) pending.push(next);
    }
  }
  return { files: [...files], complete };
}
