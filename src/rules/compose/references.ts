// What a service refers to by name, and what a compose file defines, per kind: the five undefined-* rules read one
// file's, and the project reads them across `include` (rules/project/undefined-name-across-includes.ts).
import type { ComposeDoc, Ref, Service } from '../../analyzers/compose/model.ts';
import { get, str } from '../../analyzers/yaml/yaml-tree.ts';
import type { YNode } from '../../analyzers/yaml/yaml-tree.ts';
import { stringItems } from './support.ts';

export interface References {
  /** As messages name it: `service`, `volume`, `network`, `secret`, `config`. */
  kind: string;
  /** The single-file rule that reports references nothing in the file defines. */
  ruleId: string;
  /** The names of this kind a service refers to. */
  refs(service: Service): Ref[];
  /** The names the file declares (its `services`, or its top-level section of this kind). */
  declared(doc: ComposeDoc): Iterable<string>;
  /** Whether a reference to `name` is satisfied by the file: declared, or defined implicitly (the `default` network). */
  defines(doc: ComposeDoc, name: string): boolean;
}

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

export const SERVICES: References = {
  kind: 'service',
  ruleId: 'CGC033',
  refs: (s) => [
    ...s.dependsOn,
    ...prefixed(get(s.node, 'links')),
    ...prefixed(get(s.node, 'volumes_from')),
    ...serviceMode(get(s.node, 'network_mode')),
    ...serviceMode(get(s.node, 'pid')),
    ...serviceMode(get(s.node, 'ipc')),
  ],
  declared: (doc) => doc.serviceByName.keys(),
  defines: (doc, name) => doc.serviceByName.has(name),
};

export const VOLUMES: References = {
  kind: 'volume',
  ruleId: 'CGC034',
  refs: (s) => s.volumes.flatMap((m) => (m.type === 'volume' && m.source && !m.interpolated ? [{ name: m.source.value, range: m.source.range }] : [])),
  declared: (doc) => doc.volumes.names,
  defines: (doc, name) => doc.volumes.names.has(name),
};

export const NETWORKS: References = {
  kind: 'network',
  ruleId: 'CGC035',
  refs: (s) => s.networks,
  declared: (doc) => doc.networks.names,
  defines: (doc, name) => name === 'default' || doc.networks.names.has(name),
};

export const SECRETS: References = {
  kind: 'secret',
  ruleId: 'CGC036',
  refs: (s) => [...s.secrets, ...buildSecrets(s)],
  declared: (doc) => doc.secrets.names,
  defines: (doc, name) => doc.secrets.names.has(name),
};

export const CONFIGS: References = {
  kind: 'config',
  ruleId: 'CGC037',
  refs: (s) => s.configs,
  declared: (doc) => doc.configs.names,
  defines: (doc, name) => doc.configs.names.has(name),
};

export const ALL_REFERENCES: readonly References[] = [SERVICES, VOLUMES, NETWORKS, SECRETS, CONFIGS];
