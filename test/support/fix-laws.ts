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
}

function yamlUnits(node: YNode | undefined, path: string, out: Unit[]): void {
  if (!node) return;
  if (node.kind === 'scalar') out.push({ start: node.start, end: node.end, sig: `${path}=${JSON.stringify(node.value)}` });
  else if (node.kind === 'map') for (const p of node.pairs) yamlUnits(p.value, `${path}.${p.key}`, out);
  // Items by place, not index: deleting a repeated item moves the later ones up, which is no change to them.
  else for (const item of node.items) yamlUnits(item, `${path}[]`, out);
}

export function fixUnits(type: string, text: string): Unit[] {
  const doc = fileType(type as FileTypeId).analyzer.parse(text).doc as unknown;
  if (type === 'dockerfile') return (doc as DockerfileDoc).instructions.map((i) => ({ start: i.start, end: i.textEnd, sig: `${i.kind} ${i.argsText}` }));
  const out: Unit[] = [];
  yamlUnits((doc as { root?: YNode }).root, '', out);
  return out;
}
