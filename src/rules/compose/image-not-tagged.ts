// CGC023: `image` without a tag, with `latest`, or with a version-less tag (`alpine`, `lts`, `stable`).
import { imagePin } from '../../analyzers/dockerfile/image.ts';
import { pulledImage, specUrl } from './support.ts';
import type { ComposeRule } from './support.ts';
import { lowerOutsideProduction } from '../role-severity.ts';

export const rule: ComposeRule = {
  meta: {
    id: 'CGC023',
    name: 'image-not-tagged',
    target: 'compose',
    title: 'Image not pinned to a version',
    description:
      'An image without a tag means `:latest`, which moves, and so does a tag that names no version of the ' +
      'image\'s own software: a channel (`lts`, `stable`, `mainline`, `edge`), a variant alone (`redis:alpine`) or an ' +
      'OS alone on a language image (`node:lts-bookworm`). Two deployments of the same file can run different ' +
      'software, upgrades happen unannounced and a rollback has nothing to go back to. `${TAG:-default}` is judged ' +
      'by its default; a variable without one is decided at deploy time and not reported. A tag word not known to ' +
      'name a channel, variant or OS is taken as a version.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: an image without a version (no tag, `latest`, or a version-less tag such as `alpine`) changes between deployments.',
      'Low in development, test, CI or example files (a word of the path such as `dev`, `test`, `ci`, `examples`): version-less images are allowed there (the policy\'s exception).',
      'dclint rates it major.',
    ],
    category: 'supply-chain',
    cwe: ['CWE-1357'],
    references: [specUrl('services#image'), 'https://docs.docker.com/build/building/best-practices/#pin-base-image-versions'],
    remediation: 'Name an explicit version tag (`postgres:16.4`) or pin a digest (`postgres:16.4@sha256:...`).',
    equivalents: ['dclint:service-image-require-explicit-tag'],
    messages: {
      default: 'Image "{{image}}" of service "{{service}}" has no tag, so it means :latest.',
      latest: 'Image "{{image}}" of service "{{service}}" uses the moving tag :latest.',
      versionless: 'Image "{{image}}" of service "{{service}}" uses the tag :{{tag}}, which names no version: it moves like :latest.',
    },
    examples: {
      bad: ['services:\n  db:\n    image: postgres\n', 'services:\n  db:\n    image: postgres:latest\n', 'services:\n  cache:\n    image: redis:alpine\n'],
      good: ['services:\n  db:\n    image: postgres:16.4\n', 'services:\n  cache:\n    image: redis:7.4-alpine\n', 'services:\n  app:\n    build: .\n    image: example/app\n    pull_policy: build\n'],
    },
  },
  check(doc, report, ctx) {
    report = lowerOutsideProduction(report, ctx, 'low');
    for (const s of doc.services) {
      const pulled = pulledImage(s);
      if (!pulled) continue;
      const { image, text, ref } = pulled;
      const data = { image: text, service: s.name };
      const pin = imagePin(ref);
      if (pin === 'untagged') report({ range: image.range, data });
      else if (pin === 'latest') report({ range: image.range, messageId: 'latest', data });
      else if (pin === 'versionless') report({ range: image.range, messageId: 'versionless', data: { ...data, tag: ref.tag! } });
    }
  },
};
