// CGD007: `COPY --from=<name>` that names no earlier stage.
import { dockerfileRef, hadolintRef, stagesByName } from './support.ts';
import type { DockerfileRule } from './support.ts';
import type { Instruction } from '../../analyzers/dockerfile/types.ts';

/** Edit distance (insertions, deletions, substitutions, adjacent swaps) of two short names. */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD007',
    name: 'copy-from-unknown-stage',
    target: 'dockerfile',
    title: 'COPY --from names no earlier stage',
    description:
      '`COPY --from` takes an earlier stage name, a stage index or an image. A plain name that matches no earlier ' +
      'stage is pulled from a registry as an image (`docker.io/library/<name>`) — almost always a typo or a stage ' +
      'defined further down, and a way to copy files from an image nobody meant to trust. An index must point ' +
      'to an earlier stage. Values that look like image references (with a tag, digest or registry path) are not reported.',
    severity: 'medium',
    severityContext: [
      'Medium when the name is a stage defined further down, or is within one edit of a stage name per three letters, at most two (`buidl` for `build`): a real ordering bug or typo, should fix.',
      'Low otherwise: a plain name that matches no stage may be a named build context (`docker buildx build --build-context templates=…`), which the file cannot show, or an untagged image (CGD001 judges that); say less.',
      'hadolint rates it a warning.',
    ],
    category: 'correctness',
    references: [dockerfileRef('#copy---from'), hadolintRef('DL3022')],
    remediation: 'Name a stage defined earlier (`FROM golang:1.23 AS build` … `COPY --from=build …`), or write the full image reference.',
    equivalents: ['hadolint:DL3022'],
    messages: {
      default: 'COPY --from="{{name}}" names no earlier stage; Docker will pull an image of that name.',
      context: 'COPY --from="{{name}}" names no stage: it may be a named build context (`--build-context {{name}}=…`); otherwise Docker pulls an image of that name.',
      index: 'COPY --from={{name}} points to no earlier stage (this is stage {{current}}).',
    },
    examples: {
      bad: ['FROM golang:1.23 AS build\nFROM alpine:3.20\nCOPY --from=buidl /out /app\n'],
      good: ['FROM golang:1.23 AS build\nFROM alpine:3.20\nCOPY --from=build /out /app\nCOPY --from=0 /out /app2\nCOPY --from=nginx:1.27 /etc/nginx /etc/nginx\n'],
    },
  },
  check(doc, report) {
    // Instructions before any FROM (a fragment) act as a stage 0 that no name refers to.
    const loose = doc.instructions.filter((i) => !i.stage);
    const groups: { index: number; instructions: readonly Instruction[] }[] = [...(loose.length > 0 ? [{ index: 0, instructions: loose }] : []), ...doc.stages];
    for (const s of groups) {
      for (const instr of s.instructions) {
        if (instr.kind !== 'COPY') continue;
        const value = instr.flags.find((f) => f.name === 'from')?.value;
        if (!value || value.unresolved.length > 0 || value.raw.includes('$')) continue;
        const name = value.resolved;
        if (/^\d+$/.test(name)) {
          if (Number(name) >= s.index) report({ range: value.range, messageId: 'index', data: { name, current: s.index } });
          continue;
        }
        if (/[:/@.]/.test(name)) continue;
        const lower = name.toLowerCase();
        // Lists are in file order: the first stage of the name is the earliest.
        const first = stagesByName(doc).get(lower)?.[0];
        if (first && first.index <= s.index) continue;
        const typo = first !== undefined || [...stagesByName(doc).keys()].some((n) => distance(n, lower) <= Math.min(2, Math.floor(Math.min(n.length, lower.length) / 3)));
        if (typo) report({ range: value.range, data: { name } });
        else report({ range: value.range, messageId: 'context', data: { name }, severity: 'low' });
      }
    }
  },
};
