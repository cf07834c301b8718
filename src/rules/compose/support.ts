// Helpers the Compose rules share: reference URLs, reading a service's settings through `extends`, and the
// plaintext-secret test used for environment, build args and labels.
import { isInterpolated, withDefaults } from '../../analyzers/compose/interpolation.ts';
import type { ComposeDoc, KeyValue, Port, Service, ServiceImage } from '../../analyzers/compose/model.ts';
import { parseImageRef } from '../../analyzers/dockerfile/image.ts';
import type { ImageRef } from '../../analyzers/dockerfile/types.ts';
import { onAllInterfaces } from '../../analyzers/compose/ports.ts';
import { effective } from '../../analyzers/compose/services.ts';
import { get, text } from '../../analyzers/yaml/yaml-tree.ts';
import type { YNode, YPair } from '../../analyzers/yaml/yaml-tree.ts';
import type { Reporter, Rule, RuleContext } from '../../core/rule.ts';
import { isSecretReference, tokenKind } from '../../core/secret-values.ts';
import type { References } from './references.ts';
import type { Range } from '../../core/types.ts';
import { fixOf, lineStarts } from '../../core/fix.ts';
import type { Fix } from '../../core/fix.ts';

export type ComposeRule = Rule<ComposeDoc>;

const SPEC = 'https://docs.docker.com/reference/compose-file';

/** A link to a section of the Compose file reference, e.g. `services#privileged`. */
export function specUrl(anchor: string): string {
  return `${SPEC}/${anchor}`;
}

/** Whether none of the keys is set on the service or its same-file bases, and nothing unseen could set them. */
/** The image a service pulls (a built image is named, not pulled), as written or, when interpolated, as its
 * `${VAR:-default}` defaults give it: its text and parsed reference. Undefined when there is none or a variable
 * without a default leaves it unknown. */
export function pulledImage(service: Service): { image: ServiceImage; text: string; ref: ImageRef } | undefined {
  const image = service.image;
  if (!image || service.build) return undefined;
  const text = image.interpolated ? withDefaults(image.value) : image.value;
  if (text === undefined) return undefined;
  return { image, text, ref: image.interpolated ? parseImageRef(text) : image.ref };
}

export function lacks(service: Service, ...keys: string[]): boolean {
  return !service.inheritsUnknown && keys.every((k) => effective(service, k) === undefined);
}

/** YAML `true`, or the string `"true"` (Compose accepts both for booleans). */
export function isTrue(node: YNode | undefined): boolean {
  return text(node)?.toLowerCase() === 'true';
}

/** The strings of a list value (`cap_add`, `security_opt`, ...), with their nodes. */
export function stringItems(node: YNode | undefined): { value: string; node: YNode }[] {
  if (node?.kind !== 'seq') return [];
  return node.items.flatMap((n) => {
    const value = text(n);
    return value === undefined ? [] : [{ value, node: n }];
  });
}

/** `CAP_SYS_ADMIN`, `sys_admin` and `SYS_ADMIN` name the same capability. */
export function capabilityName(raw: string): string {
  return raw.trim().toUpperCase().replace(/^CAP_/, '');
}

/** Container runtime control sockets: whoever can talk to one can start a privileged container on the host. */
export const RUNTIME_SOCKET = /(^|\/)(docker|podman|containerd|crio)\.sock$/;

const SECRET_NAME = /(PASSW(?:OR)?D|PASSPHRASE|SECRET|TOKEN|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|CREDENTIALS?|(?:^|_)PASS$|(?:^|_)PWD$)/i;
/** Names that hold metadata about a secret (where it is, how long it lives), not the secret itself. */
const SECRET_METADATA = /[-_.](FILE|PATH|DIR|LENGTH|TTL|EXPIRY|EXPIRES|EXPIRATION|LIFETIME|TIMEOUT|ENABLED|HEADER|NAME|TYPE|ALGORITHM|ISSUER|AUDIENCE|URL|URI|ENDPOINT|ID|POLICY)$/i;
const PLACEHOLDER = /^(<.*>|\{\{.*\}\}|x+|\*+|\.+|-+|changeme|change[-_]me|replace[-_]?me|todo|tbd|placeholder|your[-_ ].*)$/i;
// `null` and `~` also as text: a tagged null (`!reset null`, which removes a variable an earlier file set) stays a string.
const NOT_A_SECRET_VALUE = /^(true|false|yes|no|on|off|\d{1,4}|null|~)$/i;
/** `scheme://user:password@host`: credentials inside a URL, whatever the variable is called. */
const URL_CREDENTIALS = /^[a-z][a-z0-9+.-]*:\/\/[^\s:@/]+:([^\s@/]+)@/i;

export type SecretKind = 'name' | 'url' | 'token';

/** Why an entry holds a plaintext secret, or undefined: the value is literal, real and secret-looking. */
export function plaintextSecret(entry: KeyValue): SecretKind | undefined {
  const value = entry.value;
  if (value === undefined || value.trim() === '') return undefined;
  const url = URL_CREDENTIALS.exec(value);
  if (url && !isInterpolated(url[1]!) && !PLACEHOLDER.test(url[1]!)) return 'url';
  // Shaped like a live credential (`SG.…`, `ghp_…`): a secret whatever the variable is called.
  if (!entry.interpolated && tokenKind(value) !== undefined) return 'token';
  if (entry.interpolated || !SECRET_NAME.test(entry.key) || SECRET_METADATA.test(entry.key)) return undefined;
  if (PLACEHOLDER.test(value) || NOT_A_SECRET_VALUE.test(value) || isSecretReference(value)) return undefined;
  return 'name';
}

/** Reports every plaintext secret among the entries, at its value (the message never repeats the value). */
export function reportSecrets(service: Service, entries: KeyValue[], report: Reporter): void {
  for (const entry of entries) {
    const kind = plaintextSecret(entry);
    if (kind && entry.valueRange) report({ range: entry.valueRange, messageId: kind, data: { name: entry.key, service: service.name, ...(kind === 'token' ? { kind: tokenKind(entry.value!)! } : {}) } });
  }
}

/** Services attached to the host network publish nothing: Compose ignores their `ports`. */
export function usesHostNetwork(service: Service): boolean {
  return text(effective(service, 'network_mode')?.value)?.toLowerCase() === 'host';
}

/** Ports the host exposes on every interface, with where to point: the short-syntax entry, or the long syntax's `published`. */
export function openPorts(doc: ComposeDoc): { service: Service; port: Port; range: Range }[] {
  const out: { service: Service; port: Port; range: Range }[] = [];
  for (const service of doc.services) {
    if (usesHostNetwork(service)) continue;
    for (const port of service.ports) {
      if (!onAllInterfaces(port) || port.target === undefined) continue;
      out.push({ service, port, range: port.syntax === 'long' ? (port.publishedRange ?? port.range) : port.range });
    }
  }
  return out;
}

/** Where a missing limit belongs: the service's own `deploy.resources.limits` key, or the deepest of `resources` and
 * `deploy` it writes, or else the service's key — the place the user adds the limit to (and KICS's line). Keys a
 * base passes down through `extends` are not pointed at: the service is. */
export function limitsAnchor(service: Service): Range {
  let range = service.keyRange;
  let node: YNode | undefined = service.node;
  for (const key of ['deploy', 'resources', 'limits']) {
    const pair: YPair | undefined = node?.kind === 'map' ? node.pairs.find((p) => p.key === key) : undefined;
    if (!pair) break;
    range = pair.keyNode.range;
    node = pair.value;
  }
  return range;
}

/** `deploy.resources.limits.<key>` of the service or its bases. */
export function deployLimit(service: Service, key: string): YNode | undefined {
  return get(get(get(effective(service, 'deploy')?.value, 'resources'), 'limits'), key);
}

/** `compose.override.yaml`, `docker-compose.prod.yml`, `app.override.yml`: a file named as an override of a base. */
const OVERRIDE_NAME = /(?:^|\.)override\.|^(?:docker-)?compose\.[^./]+\.ya?ml$/i;

/** Whether a file's name says it is merged over a base (`-f compose.yaml -f compose.prod.yaml`). */
export function namedAsOverride(path: string): boolean {
  return OVERRIDE_NAME.test(path.replace(/\\/g, '/').split('/').pop() ?? '');
}

/** Reports references to names the file does not define, unless `include` may define them elsewhere (then the project
 * checks them across the included files). A file named as an override (`compose.prod.yaml`) that declares nothing
 * of the kind says less: the names are probably its base's, so they are info (the project judges the two together). */
export function reportUndefined(doc: ComposeDoc, references: References, report: Reporter, ctx?: RuleContext): void {
  if (doc.hasInclude) return;
  // A file that declares names of this kind itself lacks one by a typo; otherwise its base may define them.
  const baseMayDefine = references.kind === 'service' || [...references.declared(doc)].length === 0;
  const external = baseMayDefine && ctx !== undefined && namedAsOverride(ctx.file.path);
  // In an override fragment (a service with neither image, build nor extends) the names it lacks may be defined by
  // the file it is merged with: say less.
  // A file written for another project directory (an `-f` extension) is merged with a base there, too.
  const merged = baseMayDefine && (isOverrideFragment(doc) || (ctx !== undefined && writtenForAnotherDirectory(doc, ctx.file.path)));
  const severity = external ? { severity: 'info' as const } : merged ? { severity: 'medium' as const } : {};
  for (const service of doc.services) {
    for (const ref of references.refs(service)) {
      if (!isInterpolated(ref.name) && !references.defines(doc, ref.name)) report({ range: ref.range, data: { name: ref.name, service: service.name }, ...severity });
    }
  }
}

/** A file whose relative paths start with its own directory (`extensions/x/x-compose.yml` building
 * `extensions/x/`) is written for another project directory: it is an extension merged (`-f`) with a base there. */
export function writtenForAnotherDirectory(doc: ComposeDoc, path: string): boolean {
  const dir = path.replace(/\\/g, '/').split('/').slice(0, -1).join('/').replace(/^\.\//, '');
  if (!dir || dir === '.' || dir.startsWith('../') || dir.startsWith('/')) return false;
  const relative = (p: string) => p.replace(/^\.\//, '');
  return doc.services.some((s) =>
    [s.build?.context?.value, ...s.volumes.filter((m) => m.type === 'bind').map((m) => m.source?.value)].some(
      (p) => p !== undefined && (relative(p) === dir || relative(p).startsWith(`${dir}/`)),
    ),
  );
}

/** A file with a service that has neither `image`, `build` nor `extends` cannot run alone: it is an override merged
 * with another file (`docker compose -f base.yml -f this.yml`), which may define what it refers to. */
export function isOverrideFragment(doc: ComposeDoc): boolean {
  return doc.services.some((s) => !s.image && !s.build && !s.extends);
}

/** Unsafe fix: a short-syntax port with a host port published on 127.0.0.1 only (other hosts can no longer reach it). */
export function bindToLoopback(text: string, port: Port): Fix | undefined {
  if (port.syntax !== 'short' || port.interpolated || port.published === undefined || port.range.start_line !== port.range.end_line) return undefined;
  const starts = lineStarts(text);
  let at = starts[port.range.start_line - 1]! + port.range.start_column - 1;
  if (text[at] === '"' || text[at] === "'") at++;
  if (!/^\d/.test(text.slice(at, at + 1))) return undefined;
  return fixOf('Publish the port on 127.0.0.1 only.', 'unsafe', starts, [[at, at, '127.0.0.1:']]);
}
