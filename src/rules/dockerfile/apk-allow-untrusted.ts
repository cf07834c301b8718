// CGD045: apk installs unsigned packages.
import { APK_VALUE_OPTIONS, isPackageFile, runCommandsNamed } from '../../analyzers/dockerfile/query-packages.ts';
import type { CommandRef } from '../../analyzers/dockerfile/query.ts';
import { hasOption, optionValue, positionals } from '../../analyzers/dockerfile/query.ts';
import type { DockerfileDoc } from '../../analyzers/dockerfile/types.ts';
import { fileSources, stageChain } from './support.ts';
import type { DockerfileRule } from './support.ts';

/**
 * Whether everything the call installs comes from an earlier stage of this file: every operand is a package
 * file (or the repository is a local directory) under where a `COPY --from=<stage>` of the stage (or a stage it
 * builds on) or a `--mount=from=<stage>` of the same RUN put that stage's files. Such packages were built by
 * this build and have no signature to check; a named package from a remote repository still does.
 */
function builtInThisFile(doc: DockerfileDoc, cmd: CommandRef): boolean {
  const instr = cmd.instruction;
  const chain = instr.stage ? stageChain(instr.stage) : [];
  const landed = fileSources(doc)
    .filter((f) => f.stage && f.target !== undefined && (f.instruction === instr || (f.instruction.stage !== undefined && chain.includes(f.instruction.stage) && f.instruction.start < instr.start)))
    .map((f) => f.target!);
  if (landed.length === 0) return false;
  const fromStage = (path: string): boolean => landed.some((t) => t === '/' || path === t || path.startsWith(`${t}/`));
  const repository = optionValue(cmd, '-X', '--repository');
  const [, ...operands] = positionals(cmd, APK_VALUE_OPTIONS);
  if (repository) return fromStage(repository.value) && operands.every((w) => !isPackageFile(w) || fromStage(w.value));
  return operands.length > 0 && operands.every((w) => isPackageFile(w) && fromStage(w.value));
}

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
      if (word && !builtInThisFile(doc, cmd)) report({ range: word.range, data: { option: word.value } });
    }
  },
};
