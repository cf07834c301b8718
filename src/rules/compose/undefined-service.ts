// CGC033: a reference to a service the file does not define.
import type { Ref, Service } from '../../analyzers/compose/model.ts';
import { get, str } from '../../analyzers/compose/yaml-tree.ts';
import type { YNode } from '../../analyzers/compose/yaml-tree.ts';
import { reportUndefined, specUrl, stringItems } from './support.ts';
import type { ComposeRule } from './support.ts';

/** The service named by `service:<name>` in `network_mode`, `pid` or `ipc`. */
function serviceMode(node: YNode | undefined): Ref[] {
  const value = str(node);
  const m = value && /^service:(.+)$/.exec(value.value);
  return m ? [{ name: m[1]!, range: value.range }] : [];
}

/** `links: [db, db:alias]` and `volumes_from: [db, db:ro]` name services before the colon. */
function prefixed(node: YNode | undefined): Ref[] {
  return stringItems(node).flatMap(({ value, node: n }) =>
    value.startsWith('container:') ? [] : [{ name: value.split(':')[0]!, range: n.range }],
  );
}

function serviceRefs(s: Service): Ref[] {
  return [
    ...s.dependsOn,
    ...prefixed(get(s.node, 'links')),
    ...prefixed(get(s.node, 'volumes_from')),
    ...serviceMode(get(s.node, 'network_mode')),
    ...serviceMode(get(s.node, 'pid')),
    ...serviceMode(get(s.node, 'ipc')),
  ];
}

export const rule: ComposeRule = {
  meta: {
    id: 'CGC033',
    name: 'undefined-service',
    target: 'compose',
    title: 'Reference to an undefined service',
    description:
      'A service named in `depends_on`, `links`, `volumes_from` or `network_mode`/`pid`/`ipc: service:<name>` ' +
      'must exist in the file; otherwise `docker compose` refuses the project.',
    severity: 'high',
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
  check(doc, report) {
    reportUndefined(doc, serviceRefs, (name) => doc.serviceByName.has(name), report);
  },
};
