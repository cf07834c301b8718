// CGC023: `image` without a tag, or with `latest`.
import { specUrl } from './support.ts';
import type { ComposeRule } from './support.ts';

export const rule: ComposeRule = {
  meta: {
    id: 'CGC023',
    name: 'image-not-tagged',
    target: 'compose',
    title: 'Image not pinned to a version',
    description:
      'An image without a tag means `:latest`, which moves: two deployments of the same file can run different ' +
      'software, upgrades happen unannounced and a rollback has nothing to go back to.',
    severity: 'medium',
    category: 'supply-chain',
    cwe: ['CWE-1357'],
    references: [specUrl('services#image'), 'https://docs.docker.com/build/building/best-practices/#pin-base-image-versions'],
    remediation: 'Name an explicit version tag (`postgres:16.4`) or pin a digest (`postgres:16.4@sha256:...`).',
    equivalents: ['dclint:service-image-require-explicit-tag'],
    messages: {
      default: 'Image "{{image}}" of service "{{service}}" has no tag, so it means :latest.',
      latest: 'Image "{{image}}" of service "{{service}}" uses the moving tag :latest.',
    },
    examples: {
      bad: ['services:\n  db:\n    image: postgres\n', 'services:\n  db:\n    image: postgres:latest\n'],
      good: ['services:\n  db:\n    image: postgres:16.4\n', 'services:\n  app:\n    build: .\n    image: example/app\n    pull_policy: build\n'],
    },
  },
  check(doc, report) {
    for (const s of doc.services) {
      const image = s.image;
      // A built image is named, not pulled; interpolated references are decided at deploy time.
      if (!image || s.build || image.interpolated || image.ref.digest !== undefined) continue;
      if (image.ref.tag === undefined) report({ range: image.range, data: { image: image.value, service: s.name } });
      else if (image.ref.tag === 'latest') report({ range: image.range, messageId: 'latest', data: { image: image.value, service: s.name } });
    }
  },
};
