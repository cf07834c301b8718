// CGD112: zypper installs whose cache stays in the image.
import { cacheMountCovers, cleansUpAfter, commandRange, shipsInFinalImage, toolCalls, ZYPPER_VALUE_OPTIONS } from '../../analyzers/dockerfile/query-packages.ts';
import { subcommand } from '../../analyzers/dockerfile/query.ts';
import { hadolintRef } from './support.ts';
import type { DockerfileRule } from './support.ts';
import { appendCleanup } from './fix.ts';

const INSTALLING = ['install', 'in', 'update', 'up', 'patch', 'dist-upgrade', 'dup', 'source-install', 'si', 'install-new-recommends', 'inr'];
const CACHE = /^\/var\/cache\/zypp(\/|$)/;

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD112',
    name: 'zypper-clean-missing',
    target: 'dockerfile',
    title: 'zypper cache left in the image',
    description:
      'zypper keeps repository metadata and downloaded packages under `/var/cache/zypp`. Unless the same RUN ' +
      'cleans it, it is committed to the layer. Stages that only feed `COPY --from` are not reported, nor are ' +
      'RUNs with a cache mount over the directory.',
    severity: 'low',
    severityContext: [
      'Hygiene: caches cost image size only.',
      'Trivy rates it high; caches are hygiene for the policy.',
    ],
    category: 'performance',
    references: [hadolintRef('DL3036'), 'https://en.opensuse.org/SDB:Zypper_manual'],
    remediation: 'End the RUN with `&& zypper clean --all`, or mount a build cache at `/var/cache/zypp`.',
    equivalents: ['hadolint:DL3036', 'trivy:DS020', 'kics:38300d1a-feb2-4a48-936a-d1ef1cd24313'],
    tags: ['hygiene'],
    messages: { default: '`{{command}}` leaves its cache in this layer; add `&& zypper clean --all` to the same RUN.' },
    examples: {
      bad: ['FROM opensuse/leap:15.6\nRUN zypper -n install curl\n'],
      good: ['FROM opensuse/leap:15.6\nRUN zypper -n install curl && zypper clean --all\n'],
    },
  },
  check(doc, report) {
    for (const call of toolCalls(doc, ['zypper'], INSTALLING, ZYPPER_VALUE_OPTIONS)) {
      const instr = call.cmd.instruction;
      if (!shipsInFinalImage(doc, instr) || cacheMountCovers(instr, '/var/cache/zypp')) continue;
      const isClean = (c: typeof call.cmd): boolean => c.name === 'zypper' && ['clean', 'cc'].includes(subcommand(c, ZYPPER_VALUE_OPTIONS) ?? '');
      if (cleansUpAfter(call.cmd, CACHE, isClean)) continue;
      report({ range: commandRange(call.cmd, call.sub), data: { command: `zypper ${call.sub.value}` }, fix: appendCleanup(doc, call.cmd, 'zypper clean --all', 'Run zypper clean --all at the end of the same RUN.') });
    }
  },
};
