// Builds the typed Compose document from the YAML tree. Accepts every shape without throwing: a value of the
// wrong type is simply not modelled (the schema rule reports it), so rules never see half-valid data.
import { isInterpolated } from './interpolation.ts';
import { parseImageRef } from '../dockerfile/image.ts';
import type { Build, ComposeDoc, EnvFile, Extends, Include, KeyValue, Ref, Section, Service } from './model.ts';
import { parsePort } from './ports.ts';
import { parseMount } from './volumes.ts';
import { get, getPair, isNull, str, subRange, text } from '../yaml/yaml-tree.ts';
import type { DuplicateKey, Positions, YMap, YNode, YPair } from '../yaml/yaml-tree.ts';

function items(node: YNode | undefined): YNode[] {
  return node?.kind === 'seq' ? node.items : [];
}

/** `environment`, `labels`, `build.args`: a list of `K=V` strings or a mapping. */
export function keyValues(node: YNode | undefined, pos: Positions): KeyValue[] {
  const out: KeyValue[] = [];
  if (node?.kind === 'map') {
    for (const p of node.pairs) {
      const entry: KeyValue = { key: p.key, keyRange: p.keyNode.range, range: p.range, interpolated: false };
      const value = text(p.value);
      if (value !== undefined) {
        entry.value = value;
        entry.valueRange = p.value.range;
        entry.interpolated = isInterpolated(value);
      }
      out.push(entry);
    }
  } else {
    for (const item of items(node)) {
      const s = text(item);
      if (s === undefined || item.kind !== 'scalar') continue;
      const eq = s.indexOf('=');
      const key = eq < 0 ? s : s.slice(0, eq);
      const entry: KeyValue = { key, keyRange: subRange(item, pos, 0, key.length), range: item.range, interpolated: false };
      if (eq >= 0) {
        entry.value = s.slice(eq + 1);
        entry.valueRange = subRange(item, pos, eq + 1, s.length);
        entry.interpolated = isInterpolated(entry.value);
      }
      out.push(entry);
    }
  }
  return out;
}

/** A list of names (`[a, b]`), a mapping keyed by name, or a list of `{source: name}` objects. */
function refs(node: YNode | undefined, field?: string): Ref[] {
  if (node?.kind === 'map') return node.pairs.map((p) => ({ name: p.key, range: p.keyNode.range }));
  const out: Ref[] = [];
  for (const item of items(node)) {
    const s = str(field !== undefined && item.kind === 'map' ? get(item, field) : item);
    if (s) out.push({ name: s.value, range: s.range });
  }
  return out;
}

function envFiles(node: YNode | undefined): EnvFile[] {
  const list = node?.kind === 'seq' ? node.items : node ? [node] : [];
  const out: EnvFile[] = [];
  for (const item of list) {
    const path = str(item.kind === 'map' ? get(item, 'path') : item);
    if (path) out.push({ path: path.value, range: path.range, required: text(get(item, 'required')) !== 'false' });
  }
  return out;
}

function parseBuild(pair: YPair, pos: Positions): Build {
  const node = pair.value;
  const build: Build = { range: pair.keyNode.range, args: [] };
  if (node.kind === 'scalar') {
    const context = str(node);
    if (context) build.context = context;
    return build;
  }
  const fields = { context: 'context', dockerfile: 'dockerfile', dockerfileInline: 'dockerfile_inline', target: 'target' } as const;
  for (const [field, key] of Object.entries(fields) as [keyof typeof fields, string][]) {
    const value = str(get(node, key));
    if (value) build[field] = value;
  }
  build.args = keyValues(get(node, 'args'), pos);
  return build;
}

function parseExtends(node: YNode): Extends | undefined {
  const service = str(node.kind === 'map' ? get(node, 'service') : node);
  if (!service) return undefined;
  const ext: Extends = { service: service.value, range: service.range };
  const file = str(get(node, 'file'));
  if (file) ext.file = file;
  return ext;
}

function parseService(pair: YPair, node: YMap, pos: Positions): Service {
  const service: Service = {
    name: pair.key,
    keyRange: pair.keyNode.range,
    node,
    bases: [],
    inheritsUnknown: false,
    environment: keyValues(get(node, 'environment'), pos),
    labels: keyValues(get(node, 'labels'), pos),
    envFiles: envFiles(get(node, 'env_file')),
    ports: items(get(node, 'ports')).map((p) => parsePort(p, pos)),
    volumes: items(get(node, 'volumes')).map((v) => parseMount(v, pos)),
    dependsOn: refs(get(node, 'depends_on')),
    networks: refs(get(node, 'networks')),
    secrets: refs(get(node, 'secrets'), 'source'),
    configs: refs(get(node, 'configs'), 'source'),
    profiles: items(get(node, 'profiles')).flatMap((p) => text(p) ?? []),
  };
  const image = str(get(node, 'image'));
  if (image) service.image = { ...image, interpolated: isInterpolated(image.value), ref: parseImageRef(image.value) };
  const build = getPair(node, 'build');
  if (build) service.build = parseBuild(build, pos);
  const ext = getPair(node, 'extends');
  const parsedExt = ext && parseExtends(ext.value);
  if (parsedExt) service.extends = parsedExt;
  const user = str(get(node, 'user'));
  if (user) service.user = user;
  return service;
}

/** Follows same-file `extends` chains; a chain that leaves the file, names an unknown service or loops is open. */
function linkBases(services: Map<string, Service>): void {
  for (const service of services.values()) {
    const seen = new Set([service.name]);
    let current = service;
    while (current.extends) {
      const base = current.extends.file === undefined ? services.get(current.extends.service) : undefined;
      if (!base || seen.has(base.name)) {
        service.inheritsUnknown = true;
        break;
      }
      seen.add(base.name);
      service.bases.push(base);
      current = base;
    }
  }
}

function section(root: YMap, key: string): Section {
  const pair = getPair(root, key);
  const names = new Set(pair?.value.kind === 'map' ? pair.value.pairs.map((p) => p.key) : []);
  return pair ? { pair, names } : { names };
}

export function buildComposeDoc(root: YNode | undefined, pos: Positions, duplicates: DuplicateKey[]): ComposeDoc {
  const doc: ComposeDoc = {
    pos,
    services: [],
    serviceByName: new Map(),
    volumes: { names: new Set() },
    networks: { names: new Set() },
    secrets: { names: new Set() },
    configs: { names: new Set() },
    duplicates,
    hasInclude: false,
    includes: [],
  };
  if (root?.kind !== 'map') return doc;
  doc.root = root;
  const services = get(root, 'services');
  if (services?.kind === 'map') {
    for (const pair of services.pairs) {
      if (pair.value.kind !== 'map') continue;
      const service = parseService(pair, pair.value, pos);
      doc.services.push(service);
      doc.serviceByName.set(service.name, service);
    }
  }
  linkBases(doc.serviceByName);
  doc.volumes = section(root, 'volumes');
  doc.networks = section(root, 'networks');
  doc.secrets = section(root, 'secrets');
  doc.configs = section(root, 'configs');
  const include = readIncludes(get(root, 'include'));
  doc.includes = include.entries;
  doc.hasInclude = include.entries.length > 0 || include.unreadable;
  return doc;
}

/** `include: [path]` or `include: [{path: path | [paths]}]`, string paths only. `unreadable`: something is there that
 * names no path this analyzer can read (the schema reports its shape), so what it includes stays unknown. */
function readIncludes(node: YNode | undefined): { entries: Include[]; unreadable: boolean } {
  const entries: Include[] = [];
  if (node?.kind !== 'seq') return { entries, unreadable: !isNull(node) };
  let unreadable = false;
  for (const item of node.items) {
    const path = item.kind === 'map' ? get(item, 'path') : item;
    const paths = (path?.kind === 'seq' ? path.items : [path]).flatMap((p) => (p?.kind === 'scalar' && typeof p.value === 'string' ? [str(p)!] : []));
    if (paths.length > 0) entries.push({ paths });
    else unreadable = true;
  }
  return { entries, unreadable };
}

/** A key of the service or, through same-file `extends`, of the nearest base that sets it. */
export function effective(service: Service, key: string): YPair | undefined {
  for (const s of [service, ...service.bases]) {
    const pair = getPair(s.node, key);
    if (pair) return pair;
  }
  return undefined;
}
