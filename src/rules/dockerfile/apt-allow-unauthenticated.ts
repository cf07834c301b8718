// CGD046: apt installs unauthenticated packages.
import { APT_VALUE_OPTIONS, runCommandsNamed } from '../../analyzers/dockerfile/query-packages.ts';
import { hasOption } from '../../analyzers/dockerfile/query.ts';
import { installsOnlyStageFiles } from './support.ts';
import type { DockerfileRule } from './support.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD046',
    name: 'apt-allow-unauthenticated',
    target: 'dockerfile',
    title: 'Apt installs unauthenticated packages',
    description:
      '`--allow-unauthenticated` (or `APT::Get::AllowUnauthenticated`) makes apt install packages that fail signature ' +
      'verification. Installing only `.deb` files this build made in an earlier stage (copied with `COPY ' +
      '--from=<stage>` or mounted with `RUN --mount=from=<stage>`) is not reported: they have nobody else\'s signature to check.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: signature verification off for apt.',
    ],
    category: 'supply-chain',
    cwe: ['CWE-347'],
    references: ['https://manpages.debian.org/bookworm/apt/apt-get.8.en.html'],
    remediation: 'Import the repository key (`signed-by=` in the source entry) and remove the option.',
    equivalents: ['checkov:CKV2_DOCKER_8'],
    messages: { default: '"{{option}}" disables verification of what is downloaded or installed.' },
    examples: { bad: ['FROM debian:12\nRUN apt-get install -y --allow-unauthenticated app\n'], good: ['FROM debian:12\nRUN apt-get install -y app\n'] },
  },
  check(doc, report) {
    for (const cmd of runCommandsNamed(doc, 'apt-get', 'apt', 'aptitude')) {
      const word = hasOption(cmd, '--allow-unauthenticated', '--allow-insecure-repositories');
      if (word && !installsOnlyStageFiles(doc, cmd, APT_VALUE_OPTIONS)) report({ range: word.range, data: { option: word.value } });
    }
  },
};
