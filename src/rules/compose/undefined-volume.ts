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
  check(doc, report) {
    reportUndefined(doc, VOLUMES, report);
  },
};
