// CGD154 (opt-in): USER by name rather than by numeric id.
import { instructionsOf } from '../../analyzers/dockerfile/query.ts';
import { dockerfileRef, hadolintRef } from './support.ts';
import type { DockerfileRule } from './support.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD154',
    name: 'user-not-numeric',
    target: 'dockerfile',
    title: 'USER given by name, not by numeric id',
    description:
      'Kubernetes can enforce `runAsNonRoot` only when it can tell the user is not root, which it reads from a ' +
      'numeric USER: for a name it would have to look inside the image, so such pods are refused. A numeric ' +
      '`USER 10001:10001` also keeps file ownership stable when `/etc/passwd` changes. Opt-in: names are fine ' +
      'outside Kubernetes.',
    severity: 'info',
    severityContext: ['A portability note for Kubernetes policies; the image runs as that user either way.'],
    category: 'best-practice',
    references: [dockerfileRef('#user'), 'https://kubernetes.io/docs/concepts/security/pod-security-standards/', hadolintRef('DL3066')],
    remediation: 'Create the user with a fixed id (`useradd -u 10001 app`) and write `USER 10001:10001`.',
    equivalents: ['hadolint:DL3066'],
    tags: ['hygiene'],
    messages: { default: 'USER "{{user}}" is a name: use its numeric id so runAsNonRoot can be verified.' },
    examples: {
      bad: ['FROM alpine:3.20\nRUN adduser -D app\nUSER app\n'],
      good: ['FROM alpine:3.20\nRUN adduser -D -u 10001 app\nUSER 10001:10001\n'],
    },
    optIn: true,
  },
  check(doc, report) {
    for (const top of instructionsOf(doc, ['USER'], true)) {
      const instr = top.onbuild ?? top;
      const word = instr.kind === 'USER' ? instr.args[0] : undefined;
      // A user from a variable is known only at build time.
      if (!word || word.unresolved.length > 0 || word.value.includes('$')) continue;
      if (!word.resolved.split(':').every((part) => /^\d+$/.test(part))) report({ range: word.range, data: { user: word.resolved } });
    }
  },
};
