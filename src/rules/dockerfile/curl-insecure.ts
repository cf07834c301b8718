// CGD040: curl certificate checks disabled.
import { runCommandsNamed } from '../../analyzers/dockerfile/query-packages.ts';
import { hasOption } from '../../analyzers/dockerfile/query.ts';
import type { DockerfileRule } from './support.ts';
import { deleteWord } from './fix.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD040',
    name: 'curl-insecure',
    target: 'dockerfile',
    title: 'Curl certificate checks disabled',
    description: '`curl -k`/`--insecure` accepts any certificate: anyone on the network path can substitute what is downloaded into the image.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: TLS verification off lets anyone on the network path replace what the build downloads (the policy names it).',
    ],
    category: 'supply-chain',
    cwe: ['CWE-295'],
    references: ['https://curl.se/docs/manpage.html#-k'],
    remediation: 'Remove `-k`/`--insecure`; install the CA certificate the server needs (`ca-certificates`, or COPY the internal CA and run `update-ca-certificates`).',
    equivalents: ['checkov:CKV2_DOCKER_2'],
    messages: { default: '"{{option}}" disables verification of what is downloaded or installed.' },
    examples: { bad: ['FROM alpine:3.20\nRUN curl -kfsSLO https://example.com/tool.tgz\n'], good: ['FROM alpine:3.20\nRUN curl -fsSLO https://example.com/tool.tgz\n'] },
  },
  check(doc, report) {
    for (const cmd of runCommandsNamed(doc, 'curl')) {
      const word = hasOption(cmd, '-k', '--insecure');
      if (word) report({ range: word.range, data: { option: word.value }, fix: word.raw === '-k' || word.raw === '--insecure' ? deleteWord(doc, word, `Remove ${word.raw} (the server's certificate must then verify).`, 'unsafe') : undefined });
    }
  },
};
