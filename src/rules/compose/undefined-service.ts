// CGC033: a reference to a service the file does not define.
import { SERVICES } from './references.ts';
import { reportUndefined, specUrl } from './support.ts';
import type { ComposeRule } from './support.ts';

export const rule: ComposeRule = {
  meta: {
    id: 'CGC033',
    name: 'undefined-service',
    target: 'compose',
    title: 'Reference to an undefined service',
    description:
      'A service named in `depends_on`, `links`, `volumes_from` or `network_mode`/`pid`/`ipc: service:<name>` ' +
      'must exist in the file; otherwise `docker compose` refuses the project.' +
      ' A file with `include` is not judged alone: the names may come from the files it includes (project analysis ' +
      'checks them across the submitted files: CGP015).',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: Compose refuses the project (an undefined reference).',
      'Medium in a file that declares nothing of the kind itself and runs merged with another: an override fragment (a service with neither `image`, `build` nor `extends`), or an `-f` extension written for another project directory (`extensions/x/x-compose.yml` building `extensions/x/`); the base may define the name.',
      'Info in a file named as an override (`compose.override.yaml`, `compose.prod.yaml`, `docker-compose.<name>.yml`, `*.override.yml`): the services it refers to are probably its base\'s; submitted together as a project, the two are judged as one model (CGP015).',
    ],
    category: 'correctness',
    references: [specUrl('services#depends_on'), specUrl('services#network_mode')],
    remediation: 'Fix the service name, or define the missing service.',
    equivalents: [],
    messages: { default: 'Service "{{service}}" refers to undefined service "{{name}}".' },
    examples: {
      bad: ['services:\n  web:\n    image: example/web:1.0\n    depends_on: [databse]\n  database:\n    image: postgres:16\n'],
      good: ['services:\n  web:\n    image: example/web:1.0\n    depends_on: [database]\n  database:\n    image: postgres:16\n'],
    },
  },
  check(doc, report, ctx) {
    reportUndefined(doc, SERVICES, report, ctx);
  },
};
