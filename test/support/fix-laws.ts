// What the fix laws compare (test/fixes.test.ts, test/fixes-property.test.ts): a file's units — a Dockerfile's
// instructions, a YAML file's scalar values by key path — each with its offset, so a unit no edit touches can be found
// unchanged, and at its shifted place, after fixing.
import { fileType } from '../../src/analysis/file-types/index.ts';
import type { FileTypeId } from '../../src/analysis/file-types/index.ts';
import type { DockerfileDoc } from '../../src/analyzers/dockerfile/types.ts';
import type { YNode } from '../../src/analyzers/yaml/yaml-tree.ts';

export const FILENAMES: Record<string, string> = {
  dockerfile: 'Dockerfile',
  compose: 'compose.yaml',
  'github-workflow': '.github/workflows/ci.yml',
  'github-action': 'action.yml',
};

export interface Unit {
  start: number;
  end: number;
  sig: string;
  /** The spans of the keys above a YAML value: its path (and so its sig) changes when an edit renames one. */
  keys?: readonly (readonly [number, number])[];
}

function yamlUnits(node: YNode | undefined, path: string, keys: readonly (readonly [number, number])[], out: Unit[]): void {
  if (!node) return;
  if (node.kind === 'scalar') out.push({ start: node.start, end: node.end, sig: `${path}=${JSON.stringify(node.value)}`, keys });
  else if (node.kind === 'map') for (const p of node.pairs) yamlUnits(p.value, `${path}.${p.key}`, [...keys, [p.keyNode.start, p.keyNode.end]], out);
  // Items by place, not index: deleting a repeated item moves the later ones up, which is no change to them.
  else for (const item of node.items) yamlUnits(item, `${path}[]`, keys, out);
}

export function fixUnits(type: string, text: string): Unit[] {
  const doc = fileType(type as FileTypeId).analyzer.parse(text).doc as unknown;
  if (type === 'dockerfile') return (doc as DockerfileDoc).instructions.map((i) => ({ start: i.start, end: i.textEnd, sig: `${i.kind} ${i.argsText}` }));
  const out: Unit[] = [];
  yamlUnits((doc as { root?: YNode }).root, '', [], out);
  return out;
}

/** The units of `before` that no edit touches but that are not found, unchanged, at their place in `after` (shifted by
 * what the edits before them add or remove): the law "every other instruction, key and position unchanged". */
export function unitsNotKept(type: string, before: string, after: string, edits: readonly { start: number; end: number; text: string }[]): string[] {
  const apart = (start: number, end: number) => edits.every((p) => end < p.start || start > p.end);
  const untouched = (u: Unit) => apart(u.start, u.end) && (u.keys ?? []).every(([s, e]) => apart(s, e));
  const shift = (offset: number) => edits.filter((p) => p.end <= offset).reduce((sum, p) => sum + p.text.length - (p.end - p.start), 0);
  const now = new Set(fixUnits(type, after).map((u) => `${u.start} ${u.sig}`));
  return fixUnits(type, before)
    .filter(untouched)
    .map((u) => `${u.start + shift(u.start)} ${u.sig}`)
    .filter((u) => !now.has(u));
}
