// CGC016: `user: root` or uid 0.
import { specUrl } from './support.ts';
import type { ComposeRule } from './support.ts';
import { lowerOutsideProduction } from '../role-severity.ts';

const ROOT = /^(root|0)(:.*)?$/;

export const rule: ComposeRule = {
  meta: {
    id: 'CGC016',
    name: 'runs-as-root',
    target: 'compose',
    title: 'Service explicitly runs as root',
    description:
      'A process running as root inside the container is one kernel or runtime bug away from root on the ' +
      'host, and it can modify everything in the image. Setting `user: root` also overrides a non-root ' +
      '`USER` chosen in the image.',
    severity: 'medium',
    severityContext: [
      'The file chooses root explicitly: a real risk, should fix; running as root alone is not one of the policy\'s blocking defects.',
      'Low in development, test, CI or example files (a word of the path such as `dev`, `test`, `ci`, `examples`).',
    ],
    category: 'security',
    cwe: ['CWE-250'],
    references: [specUrl('services#user'), 'https://docs.docker.com/engine/security/userns-remap/'],
    remediation: 'Run as an unprivileged user: `user: "10001:10001"` (or a named user that exists in the image).',
    equivalents: [],
    messages: { default: 'Service "{{service}}" runs as root (user: {{user}}).' },
    examples: {
      bad: ['services:\n  app:\n    image: example/app:1.0\n    user: root\n', 'services:\n  app:\n    image: example/app:1.0\n    user: "0:0"\n'],
      good: ['services:\n  app:\n    image: example/app:1.0\n    user: "10001:10001"\n'],
    },
  },
  check(doc, report, ctx) {
    report = lowerOutsideProduction(report, ctx, 'low');
    for (const s of doc.services) {
      if (s.user && ROOT.test(s.user.value.trim())) report({ range: s.user.range, data: { service: s.name, user: s.user.value } });
    }
  },
};
