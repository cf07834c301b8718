// CGD153: FROM --platform=$TARGETPLATFORM, which is what FROM uses anyway.
import { buildCheckRef, dockerfileRef, hadolintRef } from './support.ts';
import type { DockerfileRule } from './support.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD153',
    name: 'redundant-target-platform',
    target: 'dockerfile',
    title: 'FROM --platform set to the target platform, the default',
    description:
      'A stage is built for the target platform unless `--platform` says otherwise, so `--platform=$TARGETPLATFORM` ' +
      'changes nothing. It often stands where `$BUILDPLATFORM` was meant: a build stage that should run natively on ' +
      'the build machine and cross-compile then runs under emulation.',
    severity: 'low',
    severityContext: ['Hygiene: the build is the same without it; if `$BUILDPLATFORM` was meant, only the build is slower.'],
    category: 'best-practice',
    references: [buildCheckRef('redundant-target-platform'), dockerfileRef('#from'), hadolintRef('DL3065')],
    remediation: 'Remove `--platform=$TARGETPLATFORM`, or use `--platform=$BUILDPLATFORM` for a stage that cross-compiles.',
    equivalents: ['buildkit:RedundantTargetPlatform', 'hadolint:DL3065'],
    tags: ['hygiene'],
    messages: { default: '`--platform={{platform}}` is the default: remove it (or use $BUILDPLATFORM for a cross-compiling stage).' },
    examples: {
      bad: ['FROM --platform=$TARGETPLATFORM alpine:3.20\n'],
      good: ['FROM --platform=$BUILDPLATFORM golang:1.23 AS build\nFROM alpine:3.20\n'],
    },
  },
  check(doc, report) {
    for (const s of doc.stages) {
      const value = s.platform?.value;
      if (value && /^\$(?:TARGETPLATFORM|\{TARGETPLATFORM\})$/.test(value.value.trim())) report({ range: s.platform!.range, data: { platform: value.value } });
    }
  },
};
