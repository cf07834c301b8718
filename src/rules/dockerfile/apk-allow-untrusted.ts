// CGD045: apk installs unsigned packages.
import { APK_VALUE_OPTIONS, runCommandsNamed } from '../../analyzers/dockerfile/query-packages.ts';
import { hasOption, optionValue } from '../../analyzers/dockerfile/query.ts';
import { installsOnlyStageFiles } from './support.ts';
import type { DockerfileRule } from './support.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD045',
    name: 'apk-allow-untrusted',
    target: 'dockerfile',
    title: 'Apk installs unsigned packages',
    description:
      '`apk --allow-untrusted` installs packages whose signature is missing or invalid. Packages this build made ' +
      'itself in an earlier stage (copied with `COPY --from=<stage>` or mounted with `RUN --mount=from=<stage>`, then ' +
      'installed from that path or a local repository there) are not reported: they have nobody else\'s signature to check.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: signature verification off: unsigned packages are installed.',
      'Packages built in an earlier stage of the same file are not reported (their origin is the build itself).',
    ],
    category: 'supply-chain',
    cwe: ['CWE-347'],
    references: ['https://wiki.alpinelinux.org/wiki/Alpine_Package_Keeper'],
    remediation: 'Sign the packages and install the public key into `/etc/apk/keys`, then drop `--allow-untrusted`.',
    equivalents: ['checkov:CKV2_DOCKER_7'],
    messages: { default: '"{{option}}" disables verification of what is downloaded or installed.' },
    examples: {
      bad: ['FROM alpine:3.20\nRUN apk add --allow-untrusted ./pkg.apk\n'],
      good: [
        'FROM alpine:3.20\nRUN apk add --no-cache curl\n',
        'FROM alpine:3.20 AS build\nRUN abuild -r\nFROM alpine:3.20\nCOPY --from=build /home/builder/packages/ /pkgs/\nRUN apk add --no-cache --allow-untrusted /pkgs/x86_64/*.apk\n',
      ],
    },
  },
  check(doc, report) {
    for (const cmd of runCommandsNamed(doc, 'apk')) {
      const word = hasOption(cmd, '--allow-untrusted');
      if (word && !installsOnlyStageFiles(doc, cmd, APK_VALUE_OPTIONS, optionValue(cmd, '-X', '--repository')?.value)) report({ range: word.range, data: { option: word.value } });
    }
  },
};
