// CGD003 (opt-in): only a digest names exactly one image.
import { dockerfileRef, fileSources } from './support.ts';
import type { DockerfileRule } from './support.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD003',
    name: 'image-not-pinned-by-digest',
    target: 'dockerfile',
    title: 'Base image not pinned by digest',
    description:
      'Tags can be re-pointed by whoever controls the repository; only a digest (`@sha256:…`) names exactly one ' +
      'image. Strict supply-chain policies pin every base image, and every image files are copied or mounted from ' +
      '(`COPY --from=<image>`, `RUN --mount=from=<image>`), and let a bot propose updates. Off by default.',
    severity: 'low',
    severityContext: [
      'Opt-in strict supply-chain check: a versioned tag is what the default gate asks for; digests are a hardening step.',
    ],
    category: 'supply-chain',
    cwe: ['CWE-1357'],
    references: [dockerfileRef('#from'), 'https://docs.docker.com/build/building/best-practices/#pin-base-image-versions'],
    remediation: 'Append the digest: `FROM node:22-slim@sha256:<digest>` (see `docker buildx imagetools inspect node:22-slim`).',
    equivalents: [],
    messages: { default: 'Image "{{image}}" is not pinned by digest.' },
    examples: { bad: ['FROM alpine:3.20\n'], good: ['FROM alpine:3.20@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef\n', 'FROM scratch\n'] },
    optIn: true,
  },
  check(doc, report) {
    for (const s of doc.stages) {
      const image = s.image;
      if (!image || !s.imageWord || image.scratch || image.stage || image.digest || s.imageWord.unresolved.length > 0) continue;
      report({ range: s.imageWord.range, data: { image: image.text } });
    }
    for (const source of fileSources(doc)) {
      const image = source.image;
      if (!image || image.scratch || image.digest || image.repository === '') continue;
      report({ range: source.range, data: { image: image.text } });
    }
  },
};
