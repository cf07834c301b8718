// CGD156 (opt-in): consecutive RUN, COPY or ADD instructions that could be one layer.
import { stageInFinalImage } from '../../analyzers/dockerfile/query-packages.ts';
import type { Instruction } from '../../analyzers/dockerfile/types.ts';
import { dockerfileRef, hadolintRef } from './support.ts';
import type { DockerfileRule } from './support.ts';

/** A RUN of one command (no `&&`, `;` or pipe), in shell or exec form, without a heredoc. */
function singleCommandRun(i: Instruction): boolean {
  if (i.kind !== 'RUN' || i.heredocs.length > 0) return false;
  if (i.json) return true;
  const items = i.script?.items;
  return items?.length === 1 && items[0]!.pipelines.length === 1 && items[0]!.pipelines[0]!.commands.length === 1;
}

const flagsOf = (i: Instruction) => i.flags.map((f) => `${f.name}=${f.value?.raw ?? ''}`).join(' ');
const destOf = (i: Instruction) => (i.json ? i.json[i.json.length - 1]?.value : i.args[i.args.length - 1]?.resolved);

/** Whether `b` right after `a` could be merged into it: single-command RUNs, or COPYs (ADDs) to the same place, with
 * the same flags. */
function mergeable(a: Instruction, b: Instruction): boolean {
  if (a.kind !== b.kind || flagsOf(a) !== flagsOf(b)) return false;
  if (a.kind === 'RUN') return singleCommandRun(a) && singleCommandRun(b);
  // The same directory (a trailing slash, `.`, or a last segment without an extension): not one file overwritten.
  if (a.kind === 'COPY' || a.kind === 'ADD') return destOf(a) !== undefined && destOf(a) === destOf(b) && /\/$|^\.$|(?:^|\/)[^./]+$/.test(destOf(a)!);
  return false;
}

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD156',
    name: 'consecutive-layers',
    target: 'dockerfile',
    title: 'Consecutive RUN, COPY or ADD instructions that could be one',
    description:
      'Each RUN, COPY and ADD adds a layer. Single-command RUNs in a row, or COPYs of several files into the same ' +
      'directory one by one, make more layers than needed and slow pulls. Checked in the stages the image is made ' +
      'of (the final stage and those it builds on): the layers of a builder stage that is only copied from are never ' +
      'pulled. Opt-in: separate instructions also cache separately, which is sometimes the point.',
    severity: 'info',
    severityContext: ['Hygiene: a matter of layer count and build time.'],
    category: 'performance',
    references: [dockerfileRef('#run'), 'https://docs.docker.com/build/building/best-practices/#minimize-the-number-of-layers', hadolintRef('DL3059')],
    remediation: 'Join the RUN commands with `&&` (or a heredoc), and list the files of consecutive COPYs in one instruction.',
    equivalents: ['hadolint:DL3059', 'kics:0008c003-79aa-42d8-95b8-1c2fe37dbfe6'],
    tags: ['hygiene'],
    messages: { default: 'This {{kind}} and the {{count}} after it could be one instruction (one layer).' },
    examples: {
      bad: ['FROM debian:12\nRUN apt-get update\nRUN apt-get install -y --no-install-recommends curl\n'],
      good: ['FROM debian:12\nRUN apt-get update && apt-get install -y --no-install-recommends curl\n'],
    },
    optIn: true,
  },
  check(doc, report) {
    // Each stage the image is made of, and what comes before the first FROM (a fragment).
    const stages = doc.stages.filter((s) => stageInFinalImage(doc, s));
    for (const list of [...stages.map((s) => s.instructions), doc.instructions.filter((i) => !i.stage)]) {
      for (let i = 0; i < list.length; ) {
        let j = i;
        while (j + 1 < list.length && mergeable(list[j]!, list[j + 1]!)) j++;
        if (j > i) report({ range: list[i]!.keyword.range, data: { kind: list[i]!.kind, count: j - i } });
        i = j + 1;
      }
    }
  },
};
