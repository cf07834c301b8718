// CGD001: FROM without a tag or digest silently means `:latest`.
import { dockerfileRef, fileSources, hadolintRef } from './support.ts';
import type { DockerfileRule } from './support.ts';
import { lowerOutsideProduction } from '../role-severity.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD001',
    name: 'untagged-image',
    target: 'dockerfile',
    title: 'Image without a tag',
    description:
      'An image reference without a tag or digest resolves to `:latest`, so each build may get a different base ' +
      'image: builds stop being reproducible and an upstream change can break or compromise the image unnoticed. ' +
      'The same holds for images files are copied or mounted from (`COPY --from=<image>`, `RUN --mount=from=<image>`). ' +
      'References to earlier build stages, `scratch` and images named through unresolved build arguments are not ' +
      'reported; a `COPY --from` name without a registry, tag or digest is the unknown-stage rule\'s (CGD007).',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: the policy makes an image without a version a blocking defect, because every build may get another base image.',
      'Low in development, test, CI or example files (a word of the path such as `dev`, `test`, `ci`, `examples`): version-less images are allowed there (the policy\'s exception).',
      'Peers rate it a warning (hadolint) or medium (KICS); we block because a gate that passes moving base images cannot promise reproducible builds.',
    ],
    category: 'supply-chain',
    cwe: ['CWE-1357'],
    references: [dockerfileRef('#from'), hadolintRef('DL3006')],
    remediation: 'Name a version tag (`FROM node:22.11-bookworm-slim`), ideally also a digest.',
    equivalents: ['hadolint:DL3006', 'kics:9efb0b2d-89c9-41a3-91ca-dcc0aec911fd', 'checkov:CKV_DOCKER_7'],
    messages: {
      default: 'Image "{{image}}" has no tag: it means "{{image}}:latest".',
      copy: 'Files are taken from image "{{image}}", which has no tag: it means "{{image}}:latest".',
    },
    examples: {
      bad: ['FROM ubuntu\n', 'FROM alpine:3.20\nCOPY --from=ghcr.io/acme/tools /bin/tool /usr/local/bin/\n'],
      good: ['FROM ubuntu:24.04\n', 'FROM golang:1.23 AS build\nFROM build\n', 'FROM alpine:3.20\nCOPY --from=ghcr.io/acme/tools:2.4 /bin/tool /usr/local/bin/\n'],
    },
  },
  check(doc, report, ctx) {
    report = lowerOutsideProduction(report, ctx, 'low');
    for (const s of doc.stages) {
      const image = s.image;
      if (!image || !s.imageWord || image.scratch || image.stage || image.tag || image.digest) continue;
      if (s.imageWord.unresolved.length > 0 || image.repository === '') continue;
      report({ range: s.imageWord.range, data: { image: image.text } });
    }
    for (const source of fileSources(doc)) {
      const image = source.image;
      if (!image || image.tag || image.digest || image.scratch || image.repository === '') continue;
      // A bare `COPY --from=name` that is no stage: CGD007 says it is pulled as an image.
      if ((source.instruction.onbuild ?? source.instruction).kind === 'COPY' && !/[:/@.]/.test(source.name)) continue;
      report({ range: source.range, messageId: 'copy', data: { image: image.text } });
    }
  },
};
