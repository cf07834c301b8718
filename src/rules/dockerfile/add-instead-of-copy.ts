// CGD061: ADD for plain local files.
import { dockerfileRef, hadolintRef } from './support.ts';
import type { DockerfileRule } from './support.ts';
import { replaceWord } from './fix.ts';
import type { Fix } from '../../core/fix.ts';
import type { DockerfileDoc, Instruction } from '../../analyzers/dockerfile/types.ts';

/** ADD → COPY when every source is a plain local path (no glob that might match an archive) and every flag is one COPY
 * takes. */
function toCopy(doc: DockerfileDoc, add: Instruction, sources: readonly string[]): Fix | undefined {
  if (sources.some((s) => /[*?[\]\\$]/.test(s)) || add.flags.some((f) => !['chown', 'chmod', 'link', 'exclude'].includes(f.name))) return undefined;
  return replaceWord(doc, add.keyword, add.keyword.raw === 'ADD' ? 'COPY' : add.keyword.raw.toLowerCase() === add.keyword.raw ? 'copy' : 'COPY', 'Use COPY for local files.');
}

/** What only ADD does: fetch URLs and git repositories, and unpack local tar archives. */
// `.gz`/`.bz2`/`.xz`/`.zst` alone may be compressed tar archives (ADD detects them by content and unpacks them).
const NEEDS_ADD = /^(?:https?:\/\/|git@|git:\/\/|ssh:\/\/)|\.(?:tar|tar\.(?:gz|bz2|xz|zst)|tgz|tbz2?|txz|tzst|gz|bz2|xz|zst)$|\$/i;
/** A source as ADD reads it: `"file.tar.gz"` is file.tar.gz. */
const unquote = (s: string): string => s.replace(/^(["'])(.*)\1$/s, '$2');

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD061',
    name: 'add-instead-of-copy',
    target: 'dockerfile',
    title: 'ADD used to copy local files',
    description:
      'ADD also fetches URLs and unpacks archives, so using it for plain files hides intent and may unpack an ' +
      'archive nobody meant to extract. COPY does exactly one thing. URLs, git sources and tar archives are not reported.',
    severity: 'low',
    severityContext: [
      'Hygiene: ADD of a local file behaves like COPY; the risk (an unexpected unpacking) is small.',
      'hadolint rates it an error and KICS medium; for a plain local file the outcome is the same as COPY, so we say less.',
    ],
    category: 'best-practice',
    references: [dockerfileRef('#add'), hadolintRef('DL3020')],
    remediation: 'Replace ADD with COPY for local files and directories.',
    equivalents: ['hadolint:DL3020', 'trivy:DS005', 'checkov:CKV_DOCKER_4', 'kics:9513a694-aa0d-41d8-be61-3271e056f36b'],
    tags: ['hygiene'],
    messages: { default: 'Use COPY instead of ADD for local files.' },
    examples: { bad: ['FROM alpine:3.20\nADD app.py /app/\n'], good: ['FROM alpine:3.20\nCOPY app.py /app/\nADD rootfs.tar.gz /\n'] },
  },
  check(doc, report) {
    for (const instr of doc.instructions) {
      const target = instr.onbuild ?? instr;
      if (target.kind !== 'ADD') continue;
      const sources = target.json ? target.json.slice(0, -1).map((j) => j.value) : target.args.slice(0, -1).map((w) => unquote(w.raw));
      if (sources.length > 0 && sources.every((s) => !NEEDS_ADD.test(s))) report({ range: target.keyword.range, fix: toCopy(doc, target, sources) });
    }
  },
};
