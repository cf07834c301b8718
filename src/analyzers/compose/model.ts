// The typed Compose document the rules (and, later, the cross-file project pass) read. Everything keeps the
// YAML node it came from, so every finding can point at the exact key or value.
import type { Range } from '../../core/types.ts';
import type { ImageRef } from '../dockerfile/types.ts';
import type { DuplicateKey, Positions, Str, YMap, YNode, YPair, YScalar } from '../yaml/yaml-tree.ts';

/** One entry of `environment`, `labels` or `build.args`, in list (`K=v`) or map (`K: v`) form. */
export interface KeyValue {
  key: string;
  keyRange: Range;
  /** Undefined for `- K` / `K:` (the value comes from the host environment). */
  value?: string;
  valueRange?: Range;
  /** The whole entry. */
  range: Range;
  /** Some part of the value comes from `${VAR}` interpolation. */
  interpolated: boolean;
}

export interface PortRange {
  start: number;
  end: number;
}

export interface Port {
  syntax: 'short' | 'long';
  range: Range;
  /** The host address as written (`127.0.0.1`, `::1`); undefined when none is given (all interfaces). */
  hostIp?: string;
  hostIpRange?: Range;
  published?: PortRange;
  publishedRange?: Range;
  target?: PortRange;
  protocol: string;
  /** Some part comes from interpolation: the parts above are then only those known from the text. */
  interpolated: boolean;
}

export interface Mount {
  range: Range;
  /** `bind`, `volume`, `tmpfs`, `npipe`, `cluster`, `image`: the long syntax's `type`, or inferred from the source. */
  type: string;
  source?: Str;
  target?: string;
  readOnly: boolean;
  /** Bind propagation (`shared`, `rslave`, ...) when set. */
  propagation?: Str;
  /** The source comes from interpolation, so its final form is unknown. */
  interpolated: boolean;
}

/** A reference by name to a service, volume, network, secret or config. */
export interface Ref {
  name: string;
  range: Range;
}

export interface EnvFile {
  path: string;
  range: Range;
  required: boolean;
}

export interface Build {
  /** The `build` key. */
  range: Range;
  context?: Str;
  dockerfile?: Str;
  dockerfileInline?: Str;
  target?: Str;
  args: KeyValue[];
}

/** `image`, parsed as the Dockerfile analyzer parses `FROM` references. */
export interface ServiceImage extends Str {
  interpolated: boolean;
  ref: ImageRef;
}

export interface Extends {
  service: string;
  /** Set when the base service lives in another file (a path relative to this file's directory). */
  file?: Str;
  range: Range;
}

export interface Service {
  name: string;
  /** The service's key under `services`. */
  keyRange: Range;
  node: YMap;
  /** Services this one extends in the same file, nearest first (cycles cut). */
  bases: Service[];
  /** Keys may come from a base this file cannot show: `extends` of another file, an unknown or cyclic service. */
  inheritsUnknown: boolean;
  extends?: Extends;
  image?: ServiceImage;
  build?: Build;
  environment: KeyValue[];
  labels: KeyValue[];
  envFiles: EnvFile[];
  ports: Port[];
  volumes: Mount[];
  dependsOn: Ref[];
  networks: Ref[];
  secrets: Ref[];
  configs: Ref[];
  profiles: string[];
  user?: Str;
}

/** A top-level section (`volumes`, `networks`, `secrets`, `configs`): the names it defines. */
export interface Section {
  pair?: YPair;
  names: Set<string>;
}

export interface ComposeDoc {
  pos: Positions;
  /** The top-level mapping; undefined for an empty, non-mapping or unusable document. */
  root?: YMap;
  services: Service[];
  serviceByName: Map<string, Service>;
  volumes: Section;
  networks: Section;
  secrets: Section;
  configs: Section;
  /** Keys written twice in one mapping (only the first counts). */
  duplicates: DuplicateKey[];
  /** `include` pulls in other files (or may: an entry names no path this analyzer reads), so names this file does not
   * define may still exist. An empty `include` includes nothing. */
  hasInclude: boolean;
  /** The `include` entries with the file paths each loads (short syntax, or long syntax's `path`, a string or a list
   * merged into one model); entries without a string path are left out. */
  includes: Include[];
}

/** One `include` entry: the compose files it loads and merges into one included model. */
export interface Include {
  paths: Str[];
}

export type { Str, YMap, YNode, YPair, YScalar };
