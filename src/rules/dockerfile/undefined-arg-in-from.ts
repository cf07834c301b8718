// CGD005: a variable in FROM that no global ARG declares expands to nothing.
import { buildCheckRef, dockerfileRef } from './support.ts';
import type { DockerfileRule } from './support.ts';

const AUTOMATIC = new Set(['TARGETPLATFORM', 'TARGETOS', 'TARGETARCH', 'TARGETVARIANT', 'BUILDPLATFORM', 'BUILDOS', 'BUILDARCH', 'BUILDVARIANT']);

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD005',
    name: 'undefined-arg-in-from',
    target: 'dockerfile',
    title: 'FROM uses an undeclared build argument',
    description:
      'FROM can only use ARGs declared before the first FROM (and the automatic platform arguments). Any other ' +
      'variable expands to an empty string, so the image name is wrong or the build fails. ARGs declared inside a ' +
      'stage are not visible to a later FROM.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: the variable is empty in FROM whatever `--build-arg` says, so the image reference is wrong and the build fails.',
    ],
    category: 'correctness',
    references: [buildCheckRef('undefined-arg-in-from'), dockerfileRef('#understand-how-arg-and-from-interact')],
    remediation: 'Declare the argument before the first FROM: `ARG VERSION=1.2` then `FROM app:${VERSION}`.',
    equivalents: ['buildkit:UndefinedArgInFrom'],
    messages: { default: 'FROM uses "{{name}}", which no ARG before the first FROM declares.' },
    examples: { bad: ['FROM node:${NODE_VERSION}\n'], good: ['ARG NODE_VERSION=22\nFROM node:${NODE_VERSION}\n', 'FROM --platform=$BUILDPLATFORM golang:1.23\n'] },
  },
  check(doc, report) {
    for (const s of doc.stages) {
      for (const word of [s.imageWord, s.platform?.value]) {
        if (!word) continue;
        for (const name of new Set(word.unresolved)) {
          if (doc.globalArgs.has(name) || AUTOMATIC.has(name)) continue;
          report({ range: word.range, data: { name } });
        }
      }
    }
  },
};
