// CGC036: a service uses a secret the file does not declare.
import { SECRETS } from './references.ts';
import { reportUndefined, specUrl } from './support.ts';
import type { ComposeRule } from './support.ts';

export const rule: ComposeRule = {
  meta: {
    id: 'CGC036',
    name: 'undefined-secret',
    target: 'compose',
    title: 'Secret is not declared',
    description:
      'A secret granted to a service (or to its build) must be declared under the top-level `secrets`; ' +
      'otherwise `docker compose` refuses the file.' +
      ' A file with `include` is not judged alone: the names may come from the files it includes (project analysis ' +
      'checks them across the submitted files: CGP015).',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: Compose refuses the file (an undefined reference).',
      'Medium in a file that declares nothing of the kind itself and runs merged with another: an override fragment (a service with neither `image`, `build` nor `extends`), or an `-f` extension written for another project directory (`extensions/x/x-compose.yml` building `extensions/x/`); the base may define the name.',
      'Info in a file named as an override (`compose.override.yaml`, `compose.prod.yaml`, `docker-compose.<name>.yml`, `*.override.yml`) that declares no top-level secrets: the name is probably its base\'s; submitted together as a project, the two are judged as one model (CGP015).',
    ],
    category: 'correctness',
    references: [specUrl('services#secrets'), specUrl('secrets')],
    remediation: 'Declare the secret under top-level `secrets:` with its `file` or `environment` source, or fix the name.',
    equivalents: [],
    messages: { default: 'Service "{{service}}" uses secret "{{name}}", which is not declared under top-level secrets.' },
    examples: {
      bad: ['services:\n  db:\n    image: postgres:16\n    secrets: [db_password]\n'],
      good: ['services:\n  db:\n    image: postgres:16\n    secrets: [db_password]\nsecrets:\n  db_password:\n    file: ./secrets/db_password.txt\n'],
    },
  },
  check(doc, report, ctx) {
    reportUndefined(doc, SECRETS, report, ctx);
  },
};
