// CGC035: a service uses a network the file does not declare.
import { NETWORKS } from './references.ts';
import { reportUndefined, specUrl } from './support.ts';
import type { ComposeRule } from './support.ts';

export const rule: ComposeRule = {
  meta: {
    id: 'CGC035',
    name: 'undefined-network',
    target: 'compose',
    title: 'Network is not declared',
    description:
      'A network a service joins must be declared under the top-level `networks` (only `default` is implicit); ' +
      'otherwise `docker compose` refuses the file.' +
      ' A file with `include` is not judged alone: the names may come from the files it includes (project analysis ' +
      'checks them across the submitted files: CGP015).',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: Compose refuses the file (an undefined reference).',
      'Medium in a file that declares nothing of the kind itself and runs merged with another: an override fragment (a service with neither `image`, `build` nor `extends`), or an `-f` extension written for another project directory (`extensions/x/x-compose.yml` building `extensions/x/`); the base may define the name.',
      'Info in a file named as an override (`compose.override.yaml`, `compose.prod.yaml`, `docker-compose.<name>.yml`, `*.override.yml`) that declares no top-level networks: the name is probably its base\'s; submitted together as a project, the two are judged as one model (CGP015).',
    ],
    category: 'correctness',
    references: [specUrl('services#networks'), specUrl('networks')],
    remediation: 'Declare the network under top-level `networks:` or fix the name.',
    equivalents: [],
    messages: { default: 'Service "{{service}}" uses network "{{name}}", which is not declared under top-level networks.' },
    examples: {
      bad: ['services:\n  web:\n    image: example/web:1.0\n    networks: [frontend]\n'],
      good: ['services:\n  web:\n    image: example/web:1.0\n    networks: [frontend]\nnetworks:\n  frontend: {}\n'],
    },
  },
  check(doc, report, ctx) {
    reportUndefined(doc, NETWORKS, report, ctx);
  },
};
