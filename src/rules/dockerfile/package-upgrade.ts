// CGD115 (opt-in): upgrading every installed package during the build.
import { APK_VALUE_OPTIONS, APT_VALUE_OPTIONS, commandRange, RPM_VALUE_OPTIONS, toolCalls, ZYPPER_VALUE_OPTIONS } from '../../analyzers/dockerfile/query-packages.ts';
import { dockerfileRef } from './support.ts';
import type { DockerfileRule } from './support.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD115',
    name: 'package-upgrade',
    target: 'dockerfile',
    title: 'All packages upgraded during the build',
    description:
      'Upgrading every package (`apt-get upgrade`, `apk upgrade`, `dnf upgrade`, `zypper update`) makes the image ' +
      'depend on the day it was built rather than on its base image. It is a trade-off — it also pulls in security ' +
      'fixes the base image lacks — so this informational check is opt-in, for teams that prefer rebuilding on ' +
      'updated base images.',
    severity: 'info',
    severityContext: [
      'A trade-off, not a defect (it also pulls in security fixes): opt-in and informative.',
    ],
    category: 'reliability',
    references: ['https://docs.docker.com/build/building/best-practices/#rebuild-your-images-often', dockerfileRef('#run')],
    remediation: 'Rebuild on a freshly updated base image (`docker build --pull`) instead of upgrading inside the build.',
    equivalents: [],
    messages: { default: '`{{command}}` upgrades every installed package, so the image depends on the build date.' },
    examples: {
      bad: ['FROM alpine:3.20\nRUN apk upgrade --no-cache\n'],
      good: ['FROM alpine:3.20\nRUN apk add --no-cache curl\n'],
    },
    optIn: true,
  },
  check(doc, report) {
    const calls = [
      ...toolCalls(doc, ['apt-get', 'apt'], ['upgrade'], APT_VALUE_OPTIONS),
      ...toolCalls(doc, ['apk'], ['upgrade'], APK_VALUE_OPTIONS),
      ...toolCalls(doc, ['yum', 'dnf', 'dnf5', 'microdnf'], ['update', 'upgrade'], RPM_VALUE_OPTIONS),
      ...toolCalls(doc, ['zypper'], ['update', 'up', 'patch'], ZYPPER_VALUE_OPTIONS),
    ];
    // With package operands only those packages move, which is an install, not a blanket upgrade.
    for (const call of calls) if (call.operands.length === 0) report({ range: commandRange(call.cmd, call.sub), data: { command: `${call.cmd.name} ${call.sub.value}` } });
  },
};
