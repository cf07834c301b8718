// CGD041: wget certificate checks disabled.
import { runCommandsNamed } from '../../analyzers/dockerfile/query-packages.ts';
import { hasOption } from '../../analyzers/dockerfile/query.ts';
import type { DockerfileRule } from './support.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD041',
    name: 'wget-no-check-certificate',
    target: 'dockerfile',
    title: 'Wget certificate checks disabled',
    description: '`wget --no-check-certificate` accepts any certificate: a man in the middle can replace the download.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: TLS verification off (the policy names it).',
    ],
    category: 'supply-chain',
    cwe: ['CWE-295'],
    references: ['https://www.gnu.org/software/wget/manual/wget.html#HTTPS-_0028SSL_002fTLS_0029-Options'],
    remediation: 'Remove `--no-check-certificate` and install the CA certificate the server needs.',
    equivalents: ['checkov:CKV2_DOCKER_3'],
    messages: { default: '"{{option}}" disables verification of what is downloaded or installed.' },
    examples: { bad: ['FROM debian:12\nRUN wget --no-check-certificate https://example.com/a.deb\n'], good: ['FROM debian:12\nRUN wget https://example.com/a.deb\n'] },
  },
  check(doc, report) {
    for (const cmd of runCommandsNamed(doc, 'wget')) {
      const word = hasOption(cmd, '--no-check-certificate');
      if (word) report({ range: word.range, data: { option: word.value } });
    }
  },
};
