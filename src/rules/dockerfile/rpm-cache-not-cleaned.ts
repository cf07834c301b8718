// CGD109: yum / dnf / microdnf installs whose metadata and package cache stay in the image.
import { cacheMountCovers, cleansUpAfter, commandRange, RPM_VALUE_OPTIONS, shipsInFinalImage, toolCalls } from '../../analyzers/dockerfile/query-packages.ts';
import { positionals } from '../../analyzers/dockerfile/query.ts';
import type { CommandRef } from '../../analyzers/dockerfile/query.ts';
import { hadolintRef } from './support.ts';
import type { DockerfileRule } from './support.ts';
import { appendCleanup } from './fix.ts';

const INSTALLING = ['install', 'groupinstall', 'localinstall', 'reinstall', 'update', 'upgrade', 'upgrade-minimal', 'distro-sync', 'downgrade'];
const TOOLS = ['yum', 'dnf', 'dnf5', 'microdnf'];
const CACHE = /^\/var\/cache\/(yum|dnf|libdnf5)(\/|$)/;

/** yum, dnf and dnf5 share their cache (yum is dnf on current systems); microdnf keeps its own. */
const family = (tool: string): string => (tool === 'microdnf' ? tool : 'dnf');

/** `dnf clean all` and the like by a tool of `tool`'s family: `clean packages` alone would leave the metadata behind. */
function cleansAll(tool: string): (c: CommandRef) => boolean {
  return (c) => {
    if (!TOOLS.includes(c.name) || family(c.name) !== family(tool)) return false;
    const [sub, what] = positionals(c, RPM_VALUE_OPTIONS);
    return sub?.value === 'clean' && what?.value === 'all';
  };
}

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD109',
    name: 'rpm-cache-not-cleaned',
    target: 'dockerfile',
    title: 'yum / dnf cache left in the image',
    description:
      'yum, dnf and microdnf keep repository metadata (and often downloaded packages) under `/var/cache/yum` or ' +
      '`/var/cache/dnf`. Unless the same RUN cleans it, it is committed to the layer and can add well over 100 MB. ' +
      'Stages that only feed `COPY --from` are not reported, nor are RUNs with a cache mount over the directory.',
    severity: 'low',
    severityContext: [
      'Hygiene: caches cost image size only.',
      'Trivy rates it high; caches are hygiene for the policy.',
    ],
    category: 'performance',
    references: [hadolintRef('DL3032'), hadolintRef('DL3040'), 'https://docs.docker.com/build/building/best-practices/#run'],
    remediation: 'End the RUN with `&& dnf clean all` (`yum clean all`, `microdnf clean all`), or mount a build cache at `/var/cache/dnf`.',
    equivalents: ['hadolint:DL3032', 'hadolint:DL3040', 'trivy:DS015', 'trivy:DS019', 'trivy:DS027', 'kics:295acb63-9246-4b21-b441-7c1f1fb62dc0', 'kics:00481784-25aa-4a55-8633-3136dfcf4f37'],
    tags: ['hygiene'],
    messages: { default: '`{{command}}` leaves its cache in this layer; add `&& {{tool}} clean all` to the same RUN.' },
    examples: {
      bad: ['FROM rockylinux:9\nRUN dnf install -y httpd\n'],
      good: ['FROM rockylinux:9\nRUN dnf install -y httpd && dnf clean all\n'],
    },
  },
  check(doc, report) {
    for (const call of toolCalls(doc, TOOLS, INSTALLING, RPM_VALUE_OPTIONS)) {
      const instr = call.cmd.instruction;
      const tool = call.cmd.name;
      if (!shipsInFinalImage(doc, instr) || ['/var/cache/yum', '/var/cache/dnf', '/var/cache/libdnf5'].some((p) => cacheMountCovers(instr, p))) continue;
      if (cleansUpAfter(call.cmd, CACHE, cleansAll(tool))) continue;
      report({ range: commandRange(call.cmd, call.sub), data: { command: `${tool} ${call.sub.value}`, tool }, fix: appendCleanup(doc, call.cmd, `${tool} clean all`, `Run ${tool} clean all at the end of the same RUN.`) });
    }
  },
};
