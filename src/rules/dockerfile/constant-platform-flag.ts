// CGD004: `FROM --platform=linux/amd64` defeats multi-platform builds.
import { buildCheckRef, dockerfileRef } from './support.ts';
import type { DockerfileRule } from './support.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD004',
    name: 'constant-platform-flag',
    target: 'dockerfile',
    title: 'FROM --platform with a constant value',
    description:
      'A fixed `--platform` forces one architecture whatever the build targets: on other machines the image runs ' +
      'under emulation or not at all. Use the automatic `$BUILDPLATFORM`/`$TARGETPLATFORM` build arguments instead. ' +
      'A stage that is only a cross-compilation helper may legitimately pin it; suppress with a reason then.',
    severity: 'low',
    severityContext: [
      'The build works on the fixed platform; other architectures run under emulation, which is a portability cost, not a defect.',
    ],
    category: 'reliability',
    references: [buildCheckRef('from-platform-flag-const-disallowed'), dockerfileRef('#from')],
    remediation: 'Use `FROM --platform=$BUILDPLATFORM …` for build stages, or drop the flag and pass `--platform` to `docker build`.',
    equivalents: ['buildkit:FromPlatformFlagConstDisallowed', 'kics:b16e8501-ef3c-44e1-a543-a093238099c9', 'hadolint:DL3029'],
    messages: { default: 'FROM pins the platform to "{{platform}}".' },
    examples: { bad: ['FROM --platform=linux/amd64 alpine:3.20\n'], good: ['FROM --platform=$BUILDPLATFORM golang:1.23 AS build\n'] },
  },
  check(doc, report) {
    for (const s of doc.stages) {
      const value = s.platform?.value;
      if (!value || value.raw.includes('$') || value.value === '') continue;
      // A stage named for its platform (`AS build-amd64`, `AS linux`) pins it on purpose, as BuildKit reads it.
      const name = s.name?.value.toLowerCase();
      if (name && value.value.toLowerCase().split('/').some((part) => part !== '' && name.includes(part))) continue;
      report({ range: s.platform!.range, data: { platform: value.value } });
    }
  },
};
