// CGC036: a service uses a secret the file does not declare.
import type { Ref, Service } from '../../analyzers/compose/model.ts';
import { get, str } from '../../analyzers/compose/yaml-tree.ts';
import { reportUndefined, specUrl } from './support.ts';
import type { ComposeRule } from './support.ts';

/** `build.secrets` refer to top-level secrets too (short names or `{source: name}`). */
function buildSecrets(s: Service): Ref[] {
  const secrets = get(get(s.node, 'build'), 'secrets');
  return secrets?.kind === 'seq'
    ? secrets.items.flatMap((item) => {
        const name = str(item.kind === 'map' ? get(item, 'source') : item);
        return name ? [{ name: name.value, range: name.range }] : [];
      })
    : [];
}

export const rule: ComposeRule = {
  meta: {
    id: 'CGC036',
    name: 'undefined-secret',
    target: 'compose',
    title: 'Secret is not declared',
    description:
      'A secret granted to a service (or to its build) must be declared under the top-level `secrets`; ' +
      'otherwise `docker compose` refuses the file.',
    severity: 'high',
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
  check(doc, report) {
    reportUndefined(doc, (s) => [...s.secrets, ...buildSecrets(s)], (name) => doc.secrets.names.has(name), report);
  },
};
