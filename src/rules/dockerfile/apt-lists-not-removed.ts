// CGD103: `apt-get update` whose package lists stay in the image layer.
import { APT_VALUE_OPTIONS, cacheMountCovers, cleansUpAfter, commandRange, shipsInFinalImage, toolCalls } from '../../analyzers/dockerfile/query-packages.ts';
import type { CommandRef } from '../../analyzers/dockerfile/query.ts';
import { positionals, runCommands, subcommand } from '../../analyzers/dockerfile/query.ts';
import type { DockerfileDoc } from '../../analyzers/dockerfile/types.ts';
import { hadolintRef } from './support.ts';
import type { DockerfileRule } from './support.ts';
import { appendCleanup } from './fix.ts';

const LISTS = /^\/var\/lib\/apt\/lists(\/|$)/;
/** `apt-get dist-clean` (apt 2.7+) removes the package lists as well as the cache; `clean` keeps the lists. */
const distClean = (c: CommandRef): boolean => (c.name === 'apt-get' || c.name === 'apt') && subcommand(c, APT_VALUE_OPTIONS) === 'dist-clean';

const DOCKER_CLEAN = /(^|\/)apt\.conf\.d\/docker-clean$/;
/** Whether a RUN deletes Debian's docker-clean apt configuration. */
function removesDockerClean(doc: DockerfileDoc): boolean {
  return runCommands(doc).some((c) => c.name === 'rm' && positionals(c).some((w) => DOCKER_CLEAN.test(w.value)));
}

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD103',
    name: 'apt-lists-not-removed',
    target: 'dockerfile',
    title: 'apt package lists left in the image',
    description:
      '`apt-get update` downloads package indexes into `/var/lib/apt/lists` (often 20-50 MB). Unless the same RUN ' +
      'deletes them, they are committed to the layer: deleting them in a later instruction does not shrink the ' +
      'image. `apt-get dist-clean` (apt 2.7 and later) removes them too. Stages that only feed `COPY --from` are not ' +
      'reported, and a cache mount over `/var/lib/apt` keeps the lists out of the layer.',
    severity: 'low',
    severityContext: [
      'Hygiene: cached package lists cost image size only.',
    ],
    category: 'performance',
    references: [hadolintRef('DL3009'), 'https://docs.docker.com/build/building/best-practices/#apt-get', 'https://docs.docker.com/build/cache/optimize/#use-cache-mounts'],
    remediation:
      'End the RUN that updates with `&& rm -rf /var/lib/apt/lists/*`, or mount a build cache: ' +
      '`RUN --mount=type=cache,target=/var/lib/apt,sharing=locked apt-get update && …`.',
    equivalents: ['hadolint:DL3009', 'kics:df746b39-6564-4fed-bf85-e9c44382303c'],
    tags: ['hygiene'],
    messages: {
      default: '`{{command}}` leaves its package lists in this layer; remove /var/lib/apt/lists/* in the same RUN.',
      archives:
        '`{{command}}` keeps the downloaded .deb files in this layer: the Dockerfile removes docker-clean and only ' +
        '/var/lib/apt is a cache mount; mount /var/cache/apt too.',
    },
    examples: {
      bad: ['FROM debian:12\nRUN apt-get update && apt-get install -y --no-install-recommends curl\n'],
      good: [
        'FROM debian:12\nRUN apt-get update && apt-get install -y --no-install-recommends curl && rm -rf /var/lib/apt/lists/*\n',
        'FROM debian:13\nRUN apt-get update && apt-get install -y --no-install-recommends curl && apt-get dist-clean\n',
        'FROM debian:12\nRUN --mount=type=cache,target=/var/lib/apt,sharing=locked apt-get update && apt-get install -y curl\n',
      ],
    },
  },
  check(doc, report) {
    for (const call of toolCalls(doc, ['apt-get', 'apt', 'aptitude'], ['update'], APT_VALUE_OPTIONS)) {
      const instr = call.cmd.instruction;
      const data = { command: `${call.cmd.name} ${call.sub.value}` };
      if (!shipsInFinalImage(doc, instr) || cleansUpAfter(call.cmd, LISTS, distClean)) continue;
      if (!cacheMountCovers(instr, '/var/lib/apt/lists')) report({ range: commandRange(call.cmd, call.sub), data, fix: appendCleanup(doc, call.cmd, 'rm -rf /var/lib/apt/lists/*', 'Remove the package lists at the end of the same RUN.') });
      // Debian images delete downloaded packages through /etc/apt/apt.conf.d/docker-clean; a Dockerfile that
      // removes it (to use a cache mount) keeps them in /var/cache/apt unless that is mounted as well.
      else if (!cacheMountCovers(instr, '/var/cache/apt/archives') && removesDockerClean(doc)) report({ range: commandRange(call.cmd, call.sub), messageId: 'archives', data });
    }
  },
};
