// CGD002: the `latest` tag moves.
import { dockerfileRef, hadolintRef } from './support.ts';
import type { DockerfileRule } from './support.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD002',
    name: 'no-latest-tag',
    target: 'dockerfile',
    title: 'Base image uses the latest tag',
    description:
      '`latest` points at whatever was pushed last: builds are not reproducible, and a new upstream release (or a ' +
      'compromised one) enters the image without review. A digest pin (`@sha256:…`) next to the tag is accepted.',
    severity: 'medium',
    category: 'supply-chain',
    cwe: ['CWE-1357'],
    references: [dockerfileRef('#from'), hadolintRef('DL3007')],
    remediation: 'Use a version tag (`FROM python:3.13-slim`) and update it deliberately, e.g. with Dependabot or Renovate.',
    equivalents: ['hadolint:DL3007', 'trivy:DS001', 'checkov:CKV_DOCKER_7', 'kics:f45ea400-6bbe-4501-9fc7-1c3d75c32067'],
    messages: { default: 'Image "{{image}}" uses the moving tag "latest".' },
    examples: { bad: ['FROM nginx:latest\n'], good: ['FROM nginx:1.27-alpine\n', 'FROM nginx:latest@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef\n'] },
  },
  check(doc, report) {
    for (const s of doc.stages) {
      const image = s.image;
      if (!image || !s.imageWord || image.stage || image.digest || image.tag?.toLowerCase() !== 'latest') continue;
      report({ range: s.imageWord.range, data: { image: image.text } });
    }
  },
};
