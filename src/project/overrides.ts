// Compose files merged by convention rather than by `include`: `docker compose` loads `compose.yaml` (or
// `docker-compose.yml`) together with `compose.override.yaml` next to it, and projects keep environment files such as
// `compose.prod.yaml` beside the base for `-f compose.yaml -f compose.prod.yaml`. Such an override is part of one
// model with its base: names it uses may be declared there (and the base may use names its automatic override adds).
// docs/project-analysis.md records the decisions.
import { posix } from 'node:path';
import { projectPath } from './paths.ts';
import type { ComposeFile, MergeSet } from './types.ts';

/** Base files, in the order `docker compose` looks for them. */
const BASES = ['compose.yaml', 'compose.yml', 'docker-compose.yaml', 'docker-compose.yml'];
/** `compose.<name>.yaml`, `docker-compose.<name>.yml`: an override or environment file for the base beside it. */
const OVERRIDE = /^(?:docker-)?compose\.[^./]+\.ya?ml$/;
/** The override `docker compose` loads without `-f`. */
const AUTOMATIC = /^(?:docker-)?compose\.override\.ya?ml$/;

/**
 * Every compose file submitted beside a base in the same directory and named as its override, and each base that has
 * an automatic override, with the files Compose merges it with. Files with `include` are left to the include model.
 */
export function conventionalMerges(composeFiles: readonly ComposeFile[]): MergeSet[] {
  const byDir = new Map<string, ComposeFile[]>();
  for (const f of composeFiles) {
    const dir = posix.dirname(projectPath(f.filename));
    const list = byDir.get(dir);
    if (list) list.push(f);
    else byDir.set(dir, [f]);
  }
  const out: MergeSet[] = [];
  for (const files of byDir.values()) {
    const name = (f: ComposeFile): string => posix.basename(projectPath(f.filename));
    const base = BASES.map((b) => files.find((f) => name(f) === b)).find((f) => f !== undefined);
    if (!base || base.parsed.doc.hasInclude) continue;
    const overrides = files.filter((f) => f !== base && OVERRIDE.test(name(f)) && !f.parsed.doc.hasInclude);
    for (const file of overrides) out.push({ file, with: [base] });
    const automatic = overrides.filter((f) => AUTOMATIC.test(name(f)));
    if (automatic.length > 0) out.push({ file: base, with: automatic });
  }
  return out;
}
