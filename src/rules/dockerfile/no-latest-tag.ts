// CGD002: `latest` and version-less tags (`alpine`, `lts`, `stable`) move.
import { imagePin } from '../../analyzers/dockerfile/image.ts';
import { dockerfileRef, fileSources, hadolintRef } from './support.ts';
import type { DockerfileRule } from './support.ts';
import { lowerOutsideProduction } from '../role-severity.ts';
import type { ImageRef } from '../../analyzers/dockerfile/types.ts';
import type { Range } from '../../core/types.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD002',
    name: 'no-latest-tag',
    target: 'dockerfile',
    title: 'Image uses the latest tag or a version-less tag',
    description:
      '`latest` points at whatever was pushed last, and so does a tag that names no version of the image\'s own ' +
      'software: a channel (`lts`, `stable`, `mainline`, `edge`, `nightly`), a variant alone (`alpine`, `slim`) or ' +
      'an OS alone on a language image (`rust:buster`, `node:lts-bookworm`). Builds are not reproducible, and a new ' +
      'upstream release (or a compromised one) enters the image without review. This covers `FROM` and the images ' +
      'files are copied or mounted from (`COPY --from`, `RUN --mount=from=`). A tag with a version (`node:22-alpine`), ' +
      'an OS image\'s codename (`debian:bookworm`), a version in the image name (`static-debian12:nonroot`) and a ' +
      'digest pin (`@sha256:…`) are accepted; a tag word not known to name a channel, variant or OS is taken as a ' +
      'version. Build-argument defaults (`ARG TAG=lts`, `${TAG:-lts}`) are judged like the tag they give.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: `latest` and version-less tags (`alpine`, `lts`, `stable`) move, so the image changes without review.',
      'Low in development, test, CI or example files (a word of the path such as `dev`, `test`, `ci`, `examples`): version-less images are allowed there (the policy\'s exception).',
      'Peers rate it a warning (hadolint) or medium (Trivy, KICS); we block for the same reason as CGD001.',
    ],
    category: 'supply-chain',
    cwe: ['CWE-1357'],
    references: [dockerfileRef('#from'), hadolintRef('DL3007')],
    remediation: 'Use a version tag (`FROM python:3.13-slim`) and update it deliberately, e.g. with Dependabot or Renovate.',
    equivalents: ['hadolint:DL3007', 'trivy:DS001', 'checkov:CKV_DOCKER_7', 'kics:f45ea400-6bbe-4501-9fc7-1c3d75c32067'],
    messages: {
      default: 'Image "{{image}}" uses the moving tag "latest".',
      versionless: 'Image "{{image}}" uses the tag "{{tag}}", which names no version: it moves like "latest".',
    },
    examples: {
      bad: ['FROM nginx:latest\n', 'FROM node:lts-alpine\n', 'FROM alpine:3.20\nCOPY --from=redis:alpine /usr/local/bin/redis-cli /usr/local/bin/\n'],
      good: [
        'FROM nginx:1.27-alpine\n',
        'FROM nginx:latest@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef\n',
        'FROM debian:bookworm-slim\nCOPY --from=redis:7.4-alpine /usr/local/bin/redis-cli /usr/local/bin/\n',
      ],
    },
  },
  check(doc, report, ctx) {
    report = lowerOutsideProduction(report, ctx, 'low');
    const judge = (image: ImageRef | undefined, range: Range): void => {
      if (!image || image.stage || image.scratch) return;
      const pin = imagePin(image);
      if (pin === 'latest') report({ range, data: { image: image.text } });
      else if (pin === 'versionless') report({ range, messageId: 'versionless', data: { image: image.text, tag: image.tag! } });
    };
    for (const s of doc.stages) if (s.imageWord && s.imageWord.unresolved.length === 0) judge(s.image, s.imageWord.range);
    for (const source of fileSources(doc)) if (!source.unresolved) judge(source.image, source.range);
  },
};
