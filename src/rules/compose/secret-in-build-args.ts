// CGC018: a literal secret value in `build.args`.
import { reportSecrets, specUrl } from './support.ts';
import type { ComposeRule } from './support.ts';
import { lowerOutsideProduction } from '../role-severity.ts';

export const rule: ComposeRule = {
  meta: {
    id: 'CGC018',
    name: 'secret-in-build-args',
    target: 'compose',
    title: 'Plaintext secret in build arguments',
    description:
      'Build arguments are recorded in the image history (`docker history`) and in provenance metadata, so a ' +
      'secret passed as a literal build argument leaks with every copy of the image, besides sitting in the repository.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: a literal secret passed as a build argument is in the image history.',
      'Medium in development, test, CI or example files (a word of the path such as `dev`, `test`, `ci`, `examples`).',
    ],
    category: 'secrets',
    cwe: ['CWE-798'],
    references: [specUrl('build#secrets'), 'https://docs.docker.com/compose/how-tos/use-secrets/'],
    remediation: 'Pass secrets to the build with `build.secrets` (BuildKit `RUN --mount=type=secret`), never as build arguments.',
    equivalents: ['kics:a88baa34-e2ad-44ea-ad6f-8cac87bc7c71'],
    messages: {
      default: 'Build argument "{{name}}" of service "{{service}}" holds a plaintext secret.',
      name: 'Build argument "{{name}}" of service "{{service}}" holds a plaintext secret.',
      url: 'Build argument "{{name}}" of service "{{service}}" holds a URL with a plaintext password.',
      token: 'Build argument "{{name}}" of service "{{service}}" holds a {{kind}} written in the file.',
    },
    examples: {
      bad: ['services:\n  app:\n    build:\n      context: .\n      args:\n        NPM_TOKEN: npm_abcdef123456\n'],
      good: ['services:\n  app:\n    build:\n      context: .\n      args:\n        NODE_VERSION: "22"\n      secrets: [npm_token]\nsecrets:\n  npm_token:\n    environment: NPM_TOKEN\n'],
    },
  },
  check(doc, report, ctx) {
    report = lowerOutsideProduction(report, ctx, 'medium');
    for (const s of doc.services) reportSecrets(s, s.build?.args ?? [], report);
  },
};
