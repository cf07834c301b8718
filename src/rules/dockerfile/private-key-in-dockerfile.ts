// CGD034: PEM private key material written in the Dockerfile itself.
import type { DockerfileRule } from './support.ts';

const MARKER = /-----BEGIN (?:RSA |DSA |EC |OPENSSH |ENCRYPTED |PGP )?PRIVATE KEY(?: BLOCK)?-----/;

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD034',
    name: 'private-key-in-dockerfile',
    target: 'dockerfile',
    title: 'Private key in the Dockerfile',
    description:
      'The Dockerfile contains PEM private key material (in a heredoc, an `echo` or an ENV). It is in version control ' +
      'and in the image: consider the key compromised.',
    severity: 'critical',
    severityContext: [
      'Private key material in the file: consider the key compromised, whatever the file\'s role.',
    ],
    category: 'secrets',
    cwe: ['CWE-321'],
    references: ['https://docs.docker.com/build/building/secrets/'],
    remediation: 'Revoke and rotate the key; provide it at build time with `RUN --mount=type=secret` or at run time from a secret store.',
    equivalents: [],
    messages: { default: 'Private key material ("{{marker}}") in the Dockerfile.' },
    examples: {
      bad: ['FROM alpine:3.20\nRUN <<EOF\ncat > /root/.ssh/id_rsa <<KEY\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\nKEY\nEOF\n'],
      good: ['FROM alpine:3.20\nRUN --mount=type=secret,id=deploy_key,target=/root/.ssh/id_rsa git clone git@github.com:acme/app.git\n'],
    },
  },
  check(doc, report) {
    doc.lines.forEach((line, i) => {
      const m = MARKER.exec(line);
      if (m) report({ range: { start_line: i + 1, start_column: m.index + 1, end_line: i + 1, end_column: m.index + 1 + m[0].length }, data: { marker: m[0] } });
    });
  },
};
