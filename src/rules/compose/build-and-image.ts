// CGC040: `build` and `image` together without a pull policy that keeps the build authoritative.
import { get, text } from '../../analyzers/yaml/yaml-tree.ts';
import { specUrl } from './support.ts';
import type { ComposeRule } from './support.ts';

export const rule: ComposeRule = {
  meta: {
    id: 'CGC040',
    name: 'build-and-image',
    target: 'compose',
    title: 'Built service may run a pulled image instead',
    description:
      'When a service has both `build` and `image`, Compose first tries to pull `image` and builds only if ' +
      'the pull fails (the default `pull_policy`, or `missing`). If a registry (or an attacker squatting the name) has an image by that name, the service ' +
      'silently runs it instead of your build. An image pinned by digest cannot be the output of a build at all.',
    severity: 'low',
    severityContext: [
      'Usually names the image the build produces; the risk (a public image of the same name pulled instead of the build) needs a name nobody pushed, which the file cannot show.',
      'dclint rates it major.',
    ],
    category: 'supply-chain',
    cwe: ['CWE-494'],
    references: [specUrl('build#using-build-and-image'), specUrl('services#pull_policy')],
    remediation: 'Add `pull_policy: build` so the image is always built, or drop `build` if the service should run the published image.',
    equivalents: ['dclint:no-build-and-image'],
    messages: {
      default: 'Service "{{service}}" has build and image "{{image}}": Compose pulls the image if it exists instead of building; set pull_policy: build.',
      digest: 'Service "{{service}}" builds an image but names it by digest "{{image}}", which a build cannot produce.',
    },
    examples: {
      bad: ['services:\n  app:\n    build: .\n    image: example/app:1.0\n'],
      good: ['services:\n  app:\n    build: .\n    image: example/app:1.0\n    pull_policy: build\n'],
    },
  },
  check(doc, report) {
    for (const s of doc.services) {
      if (!s.build || !s.image) continue;
      if (s.image.ref.digest !== undefined) {
        report({ range: s.image.range, messageId: 'digest', data: { service: s.name, image: s.image.value } });
        continue;
      }
      const policy = text(get(s.node, 'pull_policy'))?.toLowerCase();
      // Only the default (pull, build when missing) lets a pulled image replace the build unnoticed: any other policy
      // written down (`always`, `daily`, `never`, `build`) says which of the two the service runs.
      if (policy === undefined || policy === 'missing' || policy === 'if_not_present') report({ range: s.image.range, data: { service: s.name, image: s.image.value } });
    }
  },
};
