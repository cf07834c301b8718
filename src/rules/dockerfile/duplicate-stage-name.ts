// CGD009: two stages with the same name.
import { buildCheckRef, hadolintRef } from './support.ts';
import type { DockerfileRule } from './support.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD009',
    name: 'duplicate-stage-name',
    target: 'dockerfile',
    title: 'Duplicate stage name',
    description: 'Stage names must be unique (case-insensitively): Docker rejects the file, and readers cannot tell which stage `--from` or `--target` means.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: Docker rejects a file with two stages of the same name.',
      'Trivy rates it critical, KICS low; high is our level for anything that breaks the build.',
    ],
    category: 'correctness',
    references: [buildCheckRef('duplicate-stage-name'), hadolintRef('DL3024')],
    remediation: 'Rename one of the stages.',
    equivalents: ['buildkit:DuplicateStageName', 'hadolint:DL3024', 'trivy:DS012', 'checkov:CKV_DOCKER_11', 'kics:f2daed12-c802-49cd-afed-fe41d0b82fed'],
    messages: { default: 'Stage name "{{name}}" is already used by stage {{first}} (line {{line}}).' },
    examples: { bad: ['FROM alpine:3.20 AS build\nFROM debian:12 AS build\n'], good: ['FROM alpine:3.20 AS build\nFROM debian:12 AS test\n'] },
  },
  check(doc, report) {
    const seen = new Map<string, { index: number; line: number }>();
    for (const s of doc.stages) {
      if (!s.name) continue;
      const key = s.name.resolved.toLowerCase();
      const first = seen.get(key);
      if (first) report({ range: s.name.range, data: { name: s.name.resolved, first: first.index, line: first.line } });
      else seen.set(key, { index: s.index, line: s.name.range.start_line });
    }
  },
};
