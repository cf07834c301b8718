// CGC017: a literal secret value in `environment`.
import { reportSecrets, specUrl } from './support.ts';
import type { ComposeRule } from './support.ts';
import { lowerOutsideProduction } from '../role-severity.ts';

export const rule: ComposeRule = {
  meta: {
    id: 'CGC017',
    name: 'secret-in-environment',
    target: 'compose',
    title: 'Plaintext secret in environment',
    description:
      'A password, token or key written into `environment` is stored in the repository, visible to everyone who can ' +
      'read the file or run `docker inspect`, and hard to rotate. Values that come from interpolation (`${DB_PASSWORD}`) ' +
      'or placeholders are not reported. A value shaped like a live credential (a GitHub, npm, Stripe, SendGrid… ' +
      'token, a private key) is reported whatever the variable is called.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: a literal secret in the environment is in the repository and in `docker inspect`.',
      'Medium in development, test, CI or example files (a word of the path such as `dev`, `test`, `ci`, `examples`): the credentials of throwaway test and example services are the example\'s, not a leak (the labelling rule).',
      'KICS rates it high.',
    ],
    category: 'secrets',
    cwe: ['CWE-798'],
    references: [specUrl('services#environment'), 'https://docs.docker.com/compose/how-tos/use-secrets/'],
    remediation: 'Reference a variable (`DB_PASSWORD: ${DB_PASSWORD:?required}`) set outside the repository, or use Compose `secrets` and a `*_FILE` variable.',
    equivalents: ['kics:a88baa34-e2ad-44ea-ad6f-8cac87bc7c71'],
    messages: {
      default: 'Environment variable "{{name}}" of service "{{service}}" holds a plaintext secret.',
      name: 'Environment variable "{{name}}" of service "{{service}}" holds a plaintext secret.',
      url: 'Environment variable "{{name}}" of service "{{service}}" holds a URL with a plaintext password.',
      token: 'Environment variable "{{name}}" of service "{{service}}" holds a {{kind}} written in the file.',
    },
    examples: {
      bad: ['services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD: hunter2\n', 'services:\n  app:\n    image: example/app:1.0\n    environment:\n      - DATABASE_URL=postgres://app:s3cr3t@db/app\n'],
      good: ['services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD: ${POSTGRES_PASSWORD:?set it}\n      POSTGRES_PASSWORD_FILE: /run/secrets/db\n'],
    },
  },
  check(doc, report, ctx) {
    report = lowerOutsideProduction(report, ctx, 'medium');
    for (const s of doc.services) reportSecrets(s, s.environment, report);
  },
};
