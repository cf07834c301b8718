// CGC051: a `container_name` Docker refuses.
import { isInterpolated } from '../../analyzers/compose/interpolation.ts';
import { get, str } from '../../analyzers/yaml/yaml-tree.ts';
import { specUrl } from './support.ts';
import type { ComposeRule } from './support.ts';

/** Docker's container name rule (the Compose schema's pattern for it is not anchored, so it lets these through). */
const VALID = /^\/?[a-zA-Z0-9][a-zA-Z0-9_.-]+$/;

export const rule: ComposeRule = {
  meta: {
    id: 'CGC051',
    name: 'container-name-invalid',
    target: 'compose',
    title: 'Container name Docker refuses',
    description:
      'Docker accepts container names of at least two characters from letters, digits, `_`, `.` and `-`, starting ' +
      'with a letter or digit. Any other `container_name` (a space, a colon, a leading dash, one character) makes ' +
      '`docker compose up` fail to create the container.',
    severity: 'high',
    severityContext: ['The service cannot start: Docker refuses to create the container.', 'dclint rates it major.'],
    category: 'correctness',
    references: [specUrl('services#container_name'), 'https://docs.docker.com/reference/cli/docker/container/run/#name'],
    remediation: 'Rename it with letters, digits, `_`, `.` and `-` only (e.g. `my-app_web`), or drop `container_name` and let Compose name it.',
    equivalents: ['dclint:service-container-name-regex'],
    messages: { default: 'Service "{{service}}" has container_name "{{name}}", which Docker refuses (letters, digits, _ . - only, starting with a letter or digit, two characters or more).' },
    examples: {
      bad: ['services:\n  web:\n    image: example/web:1.0\n    container_name: "web app"\n'],
      good: ['services:\n  web:\n    image: example/web:1.0\n    container_name: web-app\n'],
    },
  },
  check(doc, report) {
    for (const s of doc.services) {
      const name = str(get(s.node, 'container_name'));
      if (name && !isInterpolated(name.value) && !VALID.test(name.value)) report({ range: name.range, data: { service: s.name, name: name.value } });
    }
  },
};
