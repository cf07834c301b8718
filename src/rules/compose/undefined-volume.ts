// CGC034: a service uses a volume the file does not declare.
import { VOLUMES } from './references.ts';
import { reportUndefined, specUrl } from './support.ts';
import type { ComposeRule } from './support.ts';

export const rule: ComposeRule = {
  meta: {
    id: 'CGC034',
    name: 'undefined-volume',
    target: 'compose',
    title: 'Named volume is not declared',
    description:
      'A named volume used by a service must be declared under the top-level `volumes`; otherwise `docker compose` ' +
      'refuses the file. A missing declaration is often a typo for a bind mount (a path without `./`).' +
      ' A file with `include` is not judged alone: the names may come from the files it includes (project analysis ' +
      'checks them across the submitted files: CGP015).',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: Compose refuses the file (an undefined reference).',
      'Medium in a file that declares nothing of the kind itself and runs merged with another: an override fragment (a service with neither `image`, `build` nor `extends`), or an `-f` extension written for another project directory (`extensions/x/x-compose.yml` building `extensions/x/`); the base may define the name.',
      'Info in a file named as an override (`compose.override.yaml`, `compose.prod.yaml`, `docker-compose.<name>.yml`, `*.override.yml`) that declares no top-level volumes: the name is probably its base\'s; submitted together as a project, the two are judged as one model (CGP015).',
    ],
    category: 'correctness',
    references: [specUrl('services#volumes'), specUrl('volumes')],
    remediation: 'Declare the volume under top-level `volumes:`, or write the source as a path (`./data`) if a bind mount was meant.',
    equivalents: [],
    messages: { default: 'Service "{{service}}" uses volume "{{name}}", which is not declared under top-level volumes.' },
    examples: {
      bad: ['services:\n  db:\n    image: postgres:16\n    volumes:\n      - dbdata:/var/lib/postgresql/data\n'],
      good: ['services:\n  db:\n    image: postgres:16\n    volumes:\n      - dbdata:/var/lib/postgresql/data\nvolumes:\n  dbdata: {}\n'],
    },
  },
  check(doc, report, ctx) {
    reportUndefined(doc, VOLUMES, report, ctx);
  },
};
