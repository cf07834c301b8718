// Compose `include` followed across the submitted compose files. Each path of an entry resolves against the
// directory of the file that writes it, as Compose does, to the submitted compose file at that project path; an
// included file's own `include` applies in turn. docs/project-analysis.md records the decisions.
import { isInterpolated } from '../analyzers/compose/interpolation.ts';
import { projectPath, REMOTE, resolveFrom } from './paths.ts';
import type { ComposeFile, IncludeLink, ProjectDoc } from './types.ts';

/** Every path of every compose file's `include`, linked to the submitted file it names. */
export function resolveIncludes(composeFiles: readonly ComposeFile[]): IncludeLink[] {
  const byPath = new Map(composeFiles.map((f) => [projectPath(f.filename), f]));
  return composeFiles.flatMap((compose) =>
    compose.parsed.doc.includes.flatMap((include, entry) =>
      include.paths.map((path): IncludeLink => {
        if (isInterpolated(path.value)) return { compose, entry, path };
        const resolved = REMOTE.test(path.value) ? path.value : resolveFrom(compose.filename, path.value);
        const target = byPath.get(resolved);
        return target ? { compose, entry, path, resolved, target } : { compose, entry, path, resolved };
      }),
    ),
  );
}

/** What `links` bring into a compose file: the files they load and, through their own `include`, every file those
 * load (each once). `complete` is false when a path on the way names no submitted file, or one with syntax errors,
 * so names may be defined where nothing was analyzed. */
export function includedModel(all: readonly IncludeLink[], links: readonly IncludeLink[]): { files: ComposeFile[]; complete: boolean } {
  const files: ComposeFile[] = [];
  let complete = true;
  const pending = [...links];
  for (let link = pending.shift(); link; link = pending.shift()) {
    const target = link.target;
    if (!target || target.parsed.syntaxErrors.length > 0) complete = false;
    if (!target || files.includes(target)) continue;
    files.push(target);
    pending.push(...all.filter((l) => l.compose === target));
  }
  return { files, complete };
}

/** The compose files that include others, each with the links of its own `include`. */
export function includingFiles(doc: ProjectDoc): { file: ComposeFile; links: IncludeLink[] }[] {
  return doc.files.flatMap((file) => (file.fileType === 'compose' && file.parsed.doc.includes.length > 0 ? [{ file, links: doc.includes.filter((l) => l.compose === file) }] : []));
}
