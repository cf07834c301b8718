// CGC019: a literal secret value in `labels`.
import { reportSecrets, specUrl } from './support.ts';
import type { ComposeRule } from './support.ts';
import { lowerOutsideProduction } from '../role-severity.ts';

export const rule: ComposeRule = {
  meta: {
    id: 'CGC019',
    name: 'secret-in-labels',
    target: 'compose',
    title: 'Plaintext secret in labels',
    description:
      'Labels are metadata anyone with access to the Docker API can read (`docker inspect`, monitoring and proxy ' +
      'tools read them routinely); a credential stored in a label is effectively public.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: a label is readable by anyone with the Docker API.',
      'Medium in development, test, CI or example files (a word of the path such as `dev`, `test`, `ci`, `examples`).',
    ],
    category: 'secrets',
    cwe: ['CWE-798'],
    references: [specUrl('services#labels'), 'https://docs.docker.com/compose/how-tos/use-secrets/'],
    remediation: 'Keep credentials out of labels; give the tool that reads the label a reference to a secret instead.',
    equivalents: ['kics:a88baa34-e2ad-44ea-ad6f-8cac87bc7c71'],
    messages: {
      default: 'Label "{{name}}" of service "{{service}}" holds a plaintext secret.',
      name: 'Label "{{name}}" of service "{{service}}" holds a plaintext secret.',
      url: 'Label "{{name}}" of service "{{service}}" holds a URL with a plaintext password.',
      token: 'Label "{{name}}" of service "{{service}}" holds a {{kind}} written in the file.',
    },
    examples: {
      bad: ['services:\n  web:\n    image: example/web:1.0\n    labels:\n      - traefik.http.middlewares.auth.basicauth.password=letmein99\n'],
      good: ['services:\n  web:\n    image: example/web:1.0\n    labels:\n      com.example.team: payments\n'],
    },
  },
  check(doc, report, ctx) {
    report = lowerOutsideProduction(report, ctx, 'medium');
    for (const s of doc.services) reportSecrets(s, s.labels, report);
  },
};
