// CGD114: a full distribution upgrade (`apt-get dist-upgrade`, `zypper dup`) inside a build.
import { APT_VALUE_OPTIONS, commandRange, toolCalls, ZYPPER_VALUE_OPTIONS } from '../../analyzers/dockerfile/query-packages.ts';
import { hadolintRef } from './support.ts';
import type { DockerfileRule } from './support.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD114',
    name: 'distribution-upgrade',
    target: 'dockerfile',
    title: 'Distribution upgrade in a build',
    description:
      '`dist-upgrade` may remove packages, pull in new major versions and switch vendors to resolve dependencies: ' +
      'the image silently drifts away from its base image, and two builds of the same file can differ widely. ' +
      'Security updates belong in a newer base image (or a plain `upgrade`).',
    severity: 'low',
    severityContext: [
      'The image drifts from its base image; a maintenance cost, and it also pulls security fixes.',
      'Trivy rates it high; we count it as hygiene.',
    ],
    category: 'reliability',
    references: [hadolintRef('DL3035'), 'https://docs.docker.com/build/building/best-practices/#apt-get'],
    remediation: 'Use a newer base image tag instead, or install/upgrade only the specific packages you need.',
    equivalents: ['hadolint:DL3035', 'trivy:DS024'],
    messages: { default: '`{{command}}` upgrades the whole distribution inside the build; use a newer base image instead.' },
    examples: {
      bad: ['FROM debian:12\nRUN apt-get update && apt-get dist-upgrade -y\n'],
      good: ['FROM debian:12.8\nRUN apt-get update && apt-get install -y --no-install-recommends curl\n'],
    },
  },
  check(doc, report) {
    const calls = [
      ...toolCalls(doc, ['apt-get', 'apt'], ['dist-upgrade', 'full-upgrade'], APT_VALUE_OPTIONS),
      ...toolCalls(doc, ['zypper'], ['dist-upgrade', 'dup'], ZYPPER_VALUE_OPTIONS),
    ];
    for (const call of calls) report({ range: commandRange(call.cmd, call.sub), data: { command: `${call.cmd.name} ${call.sub.value}` } });
  },
};
