// CGD006: FROM depends on a global ARG that has no default.
import { buildCheckRef, dockerfileRef } from './support.ts';
import type { DockerfileRule } from './support.ts';

/** Whether text is a well-formed image reference: no empty name, tag or digest, no empty path component. */
function validReference(ref: string): boolean {
  return /^[a-z0-9]/i.test(ref) && !/[:@/._-]$/.test(ref) && !/\/\/|[:@][:@/]|\/[:@]/.test(ref);
}

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD006',
    name: 'empty-default-arg-in-from',
    target: 'dockerfile',
    title: 'FROM uses a build argument without a default',
    description:
      'The image of this FROM comes from a global ARG that has no default value: a plain `docker build` without ' +
      '`--build-arg` produces an empty or invalid image reference and fails.',
    severity: 'low',
    severityContext: [
      'A parametrised base (`ARG BASE_IMAGE` then `FROM ${BASE_IMAGE}`) is the usual way a build script, CI or Compose chooses the image, and they pass the argument, which the file cannot show: a plain `docker build` fails with a clear error, so we say less.',
      'An argument FROM cannot see at all (declared after the first FROM, or not at all) is CGD005, high.',
    ],
    category: 'correctness',
    references: [buildCheckRef('invalid-default-arg-in-from'), dockerfileRef('#arg')],
    remediation: 'Give the ARG a working default (`ARG BASE_IMAGE=alpine:3.20`) or `${BASE_IMAGE:-alpine:3.20}` in FROM.',
    equivalents: ['buildkit:InvalidDefaultArgInFrom'],
    messages: { default: 'FROM depends on ARG "{{name}}", which has no default value.' },
    examples: { bad: ['ARG BASE\nFROM ${BASE}\n'], good: ['ARG BASE=alpine:3.20\nFROM ${BASE}\n', 'ARG TAG\nFROM alpine:${TAG:-3.20}\n'] },
  },
  check(doc, report) {
    for (const s of doc.stages) {
      const word = s.imageWord;
      if (!word) continue;
      // With the empty value the reference may still be a valid image (`FROM scratch${SUFFIX}`): BuildKit builds it.
      if (validReference(word.resolved)) continue;
      for (const name of new Set(word.unresolved)) {
        if (doc.globalArgs.has(name) && doc.globalArgs.get(name) === undefined) report({ range: word.range, data: { name } });
      }
    }
  },
};
