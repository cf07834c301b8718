// CGD106: `apk add` that leaves the package index cache in the image.
import { APK_VALUE_OPTIONS, cacheMountCovers, cleansUpAfter, commandRange, shipsInFinalImage, toolCalls } from '../../analyzers/dockerfile/query-packages.ts';
import { hasOption, subcommand } from '../../analyzers/dockerfile/query.ts';
import { hadolintRef } from './support.ts';
import type { DockerfileRule } from './support.ts';
import { insertAfter } from './fix.ts';

const CACHE = /^\/var\/cache\/apk(\/|$)/;

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD106',
    name: 'apk-missing-no-cache',
    target: 'dockerfile',
    title: '`apk add` without `--no-cache`',
    description:
      'Without `--no-cache`, `apk add` (and `apk update` before it) stores the repository indexes in ' +
      '`/var/cache/apk`, and they are committed to the layer. `--no-cache` fetches a fresh index for the one ' +
      'command and keeps nothing. Stages that only feed `COPY --from` are not reported, nor are RUNs that mount ' +
      'a build cache over `/var/cache/apk` or delete it afterwards.',
    severity: 'low',
    severityContext: [
      'Hygiene: cached indexes cost image size only.',
      'Trivy rates it high; we count caches as hygiene (the policy).',
    ],
    category: 'performance',
    references: [hadolintRef('DL3019'), 'https://wiki.alpinelinux.org/wiki/Alpine_Package_Keeper#Local_Cache'],
    remediation: 'Use `apk add --no-cache <packages>` (and drop the separate `apk update`).',
    equivalents: ['hadolint:DL3019', 'trivy:DS025', 'kics:ae9c56a6-3ed1-4ac0-9b54-31267f51151d'],
    tags: ['hygiene'],
    messages: { default: '`apk add` keeps its index cache in the layer; use `apk add --no-cache`.' },
    examples: {
      bad: ['FROM alpine:3.20\nRUN apk update && apk add curl\n'],
      good: ['FROM alpine:3.20\nRUN apk add --no-cache curl\n', 'FROM alpine:3.20\nRUN --mount=type=cache,target=/var/cache/apk apk add curl\n'],
    },
  },
  check(doc, report) {
    for (const call of toolCalls(doc, ['apk'], ['add'], APK_VALUE_OPTIONS)) {
      const instr = call.cmd.instruction;
      if (hasOption(call.cmd, '--no-cache') || !shipsInFinalImage(doc, instr) || cacheMountCovers(instr, '/var/cache/apk')) continue;
      if (cleansUpAfter(call.cmd, CACHE, (c) => c.name === 'apk' && subcommand(c, APK_VALUE_OPTIONS) === 'cache')) continue;
      report({ range: commandRange(call.cmd, call.sub), fix: insertAfter(doc, call.sub, ' --no-cache', 'Add --no-cache.') });
    }
  },
};
