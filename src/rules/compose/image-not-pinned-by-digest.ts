// CGC024 (opt-in): `image` without `@sha256:` digest.
import { specUrl } from './support.ts';
import type { ComposeRule } from './support.ts';

export const rule: ComposeRule = {
  meta: {
    id: 'CGC024',
    name: 'image-not-pinned-by-digest',
    target: 'compose',
    title: 'Image not pinned by digest',
    description:
      'Tags can be moved to different content by whoever controls the repository. Only a digest guarantees ' +
      'that every deployment runs exactly the image that was reviewed. This is strict, so it is opt-in.',
    severity: 'low',
    severityContext: [
      'Opt-in strict supply-chain check.',
    ],
    category: 'supply-chain',
    cwe: ['CWE-494'],
    references: [specUrl('services#image'), 'https://docs.docker.com/dhi/core-concepts/digests/'],
    remediation: 'Append the digest: `image: postgres:16.4@sha256:<digest>` (and let a dependency bot update it).',
    equivalents: [],
    messages: { default: 'Image "{{image}}" of service "{{service}}" is not pinned by digest.' },
    examples: {
      bad: ['services:\n  db:\n    image: postgres:16.4\n'],
      good: ['services:\n  db:\n    image: postgres:16.4@sha256:4ec37d2a07a0067f176fdcc9d4bb633a5724d2cc4f892c7a2046d054bb6939e5\n'],
    },
    optIn: true,
  },
  check(doc, report) {
    for (const s of doc.services) {
      const image = s.image;
      if (image && !s.build && !image.interpolated && image.ref.digest === undefined) {
        report({ range: image.range, data: { image: image.value, service: s.name } });
      }
    }
  },
};
