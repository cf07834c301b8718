// CGC037: a service uses a config the file does not declare.
import { CONFIGS } from './references.ts';
import { reportUndefined, specUrl } from './support.ts';
import type { ComposeRule } from './support.ts';

export const rule: ComposeRule = {
  meta: {
    id: 'CGC037',
    name: 'undefined-config',
    target: 'compose',
    title: 'Config is not declared',
    description:
      'A config granted to a service must be declared under the top-level `configs`; otherwise `docker compose` ' +
      'refuses the file.' +
      ' A file with `include` is not judged alone: the names may come from the files it includes (project analysis ' +
      'checks them across the submitted files: CGP015).',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: Compose refuses the file (an undefined reference).',
      'Medium in a file that declares nothing of the kind itself and runs merged with another: an override fragment (a service with neither `image`, `build` nor `extends`), or an `-f` extension written for another project directory (`extensions/x/x-compose.yml` building `extensions/x/`); the base may define the name.',
      'Info in a file named as an override (`compose.override.yaml`, `compose.prod.yaml`, `docker-compose.<name>.yml`, `*.override.yml`) that declares no top-level configs: the name is probably its base\'s; submitted together as a project, the two are judged as one model (CGP015).',
    ],
    category: 'correctness',
    references: [specUrl('services#configs'), specUrl('configs')],
    remediation: 'Declare the config under top-level `configs:` with its `file`, `content` or `environment` source, or fix the name.',
    equivalents: [],
    messages: { default: 'Service "{{service}}" uses config "{{name}}", which is not declared under top-level configs.' },
    examples: {
      bad: ['services:\n  web:\n    image: nginx:1.27\n    configs: [nginx_conf]\n'],
      good: ['services:\n  web:\n    image: nginx:1.27\n    configs: [nginx_conf]\nconfigs:\n  nginx_conf:\n    file: ./nginx.conf\n'],
    },
  },
  check(doc, report, ctx) {
    reportUndefined(doc, CONFIGS, report, ctx);
  },
};
