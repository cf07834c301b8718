// CGD147: a local archive COPYed into the image and then unpacked by RUN tar: ADD does both in one layer.
import { commandsOf } from '../../analyzers/dockerfile/query.ts';
import type { Instruction } from '../../analyzers/dockerfile/types.ts';
import { dockerfileRef, hadolintRef } from './support.ts';
import type { DockerfileRule } from './support.ts';

const ARCHIVE = /\.(?:tar|tar\.(?:gz|bz2|xz|zst)|tgz|tbz2?|txz)$/i;
const baseName = (p: string) => p.replace(/["']/g, '').split(/[\\/]/).pop() ?? '';

/** The file names a COPY of a local archive puts in the image: the source's, and the destination's when it names
 * the file (`COPY a.tar /b.tar`). */
function copiedArchive(instr: Instruction): { names: Set<string>; word: Instruction['args'][number] } | undefined {
  if (instr.kind !== 'COPY' || instr.flags.some((f) => f.name === 'from') || instr.args.length !== 2) return undefined;
  const [src, dest] = instr.args as [Instruction['args'][number], Instruction['args'][number]];
  if (!ARCHIVE.test(src.value) || /^[a-z]+:\/\//i.test(src.value)) return undefined;
  // Raw text: a Windows path's backslashes (`build\app.tar`) are separators, not escapes.
  const names = new Set([baseName(src.raw)]);
  if (ARCHIVE.test(dest.value)) names.add(baseName(dest.raw));
  return { names, word: src };
}

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD147',
    name: 'archive-copied-then-extracted',
    target: 'dockerfile',
    title: 'Archive copied in, then unpacked by RUN',
    description:
      'COPY puts the archive into a layer and the RUN that unpacks it adds the extracted files in another: the ' +
      'image carries both, unless the archive is deleted in that same RUN, and even then its layer stays. ADD ' +
      'extracts a local tar archive (gzip, bzip2, xz) in one step.',
    severity: 'low',
    severityContext: ['Hygiene: the image is larger than it needs to be; nothing breaks.'],
    category: 'performance',
    references: [dockerfileRef('#add'), hadolintRef('DL3010')],
    remediation: 'Use `ADD archive.tar.gz /dest/` to extract it directly, or unpack it in a build stage and COPY the result.',
    equivalents: ['hadolint:DL3010'],
    tags: ['hygiene'],
    messages: { default: 'The archive `{{archive}}` is copied and then extracted by RUN: ADD extracts it in one layer.' },
    examples: {
      bad: ['FROM alpine:3.20\nCOPY dist/app.tar.gz /opt/\nRUN tar -xzf /opt/app.tar.gz -C /opt && rm /opt/app.tar.gz\n'],
      good: ['FROM alpine:3.20\nADD dist/app.tar.gz /opt/\n'],
    },
  },
  check(doc, report) {
    const pending: { names: Set<string>; word: Instruction['args'][number] }[] = [];
    let stage: unknown;
    for (const instr of doc.instructions) {
      if (instr.kind === 'FROM' || instr.stage !== stage) {
        pending.length = 0;
        stage = instr.stage;
      }
      const copied = copiedArchive(instr);
      if (copied) pending.push(copied);
      if (instr.kind !== 'RUN' || pending.length === 0) continue;
      for (const cmd of commandsOf(instr)) {
        if (cmd.name !== 'tar' || !cmd.args.some((w) => /^-?[a-z]*x/i.test(w.value) && !w.value.startsWith('--'))) continue;
        for (const w of cmd.args) {
          const hit = pending.findIndex((p) => p.names.has(baseName(w.value)));
          if (hit < 0) continue;
          const [p] = pending.splice(hit, 1);
          report({ range: p!.word.range, data: { archive: p!.word.value } });
        }
      }
    }
  },
};
