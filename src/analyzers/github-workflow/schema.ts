// Keys and values of workflows and actions checked against GitHub's own schemas (vendored in ./schema/, see its
// README), following `@actions/workflow-parser`'s template reader over our YAML tree: unknown keys (keys are
// case-sensitive, and two keys differing only in case collide), missing required keys, values of the wrong kind or
// outside the allowed ones, `${{ }}` where no expression is allowed, and contexts or functions an expression may not
// use there (`secrets` in a job's `if:`). Each problem is placed on the key, value or expression at fault. Pure and
// never throwing; one walk of the tree, reusing the expressions the parser already placed.
import type { Range } from '../../core/types.ts';
import type { Report } from '../../core/rule.ts';
import { subRange } from '../yaml/yaml-tree.ts';
import type { Positions, YMap, YNode, YScalar } from '../yaml/yaml-tree.ts';
import { parseExpression, walk } from './expression.ts';
import type { Expr } from './expression.ts';
import type { PlacedExpression } from './model.ts';
import actionSchema from './schema/action-v1.0.json' with { type: 'json' };
import workflowSchema from './schema/workflow-v1.0.json' with { type: 'json' };

interface Prop {
  type: string;
  required: boolean;
}

type Def =
  | { kind: 'null' | 'boolean' | 'number'; context: readonly string[] }
  | { kind: 'string'; context: readonly string[]; constant?: string; ignoreCase: boolean; nonEmpty: boolean }
  | { kind: 'sequence'; context: readonly string[]; item: string }
  | { kind: 'mapping'; context: readonly string[]; props: ReadonlyMap<string, Prop>; looseKey?: string; looseValue?: string }
  | { kind: 'one-of'; context: readonly string[]; of: readonly string[] };

interface RawDef {
  context?: string[];
  mapping?: { properties?: Record<string, string | { type: string; required?: boolean }>; 'loose-key-type'?: string; 'loose-value-type'?: string };
  sequence?: { 'item-type': string };
  string?: { constant?: string; 'ignore-case'?: boolean; 'require-non-empty'?: boolean };
  'one-of'?: string[];
  'allowed-values'?: string[];
  null?: unknown;
  boolean?: unknown;
  number?: unknown;
}

/** One schema's definitions, compiled once: allowed values become string constants, as GitHub's reader does. */
class Schema {
  readonly defs = new Map<string, Def>();
  readonly noContext: Allowed = noContext();
  private readonly scalarCache = new Map<Def, Def[]>();

  constructor(raw: Record<string, RawDef>) {
    const none: string[] = [];
    for (const kind of ['null', 'boolean', 'number'] as const) this.defs.set(kind, { kind, context: none });
    this.defs.set('string', { kind: 'string', context: none, ignoreCase: false, nonEmpty: false });
    this.defs.set('non-empty-string', { kind: 'string', context: none, ignoreCase: false, nonEmpty: true });
    this.defs.set('sequence', { kind: 'sequence', context: none, item: 'any' });
    this.defs.set('sequence-of-non-empty-string', { kind: 'sequence', context: none, item: 'non-empty-string' });
    this.defs.set('mapping', { kind: 'mapping', context: none, props: new Map(), looseKey: 'string', looseValue: 'any' });
    this.defs.set('any', { kind: 'one-of', context: none, of: ['null', 'boolean', 'number', 'string', 'sequence', 'mapping'] });
    for (const [name, d] of Object.entries(raw)) {
      const context = d.context ?? none;
      if (d.mapping) {
        const props = new Map<string, Prop>();
        for (const [k, v] of Object.entries(d.mapping.properties ?? {})) props.set(k, typeof v === 'string' ? { type: v, required: false } : { type: v.type, required: v.required === true });
        const m: Def = { kind: 'mapping', context, props };
        if (d.mapping['loose-key-type']) m.looseKey = d.mapping['loose-key-type'];
        if (d.mapping['loose-value-type']) m.looseValue = d.mapping['loose-value-type'];
        this.defs.set(name, m);
      } else if (d.sequence) {
        this.defs.set(name, { kind: 'sequence', context, item: d.sequence['item-type'] });
      } else if (d['one-of']) {
        this.defs.set(name, { kind: 'one-of', context, of: d['one-of'] });
      } else if (d['allowed-values']) {
        const of = d['allowed-values'].map((v) => {
          this.defs.set(`${name}-${v}`, { kind: 'string', context: none, constant: v, ignoreCase: false, nonEmpty: false });
          return `${name}-${v}`;
        });
        this.defs.set(name, { kind: 'one-of', context, of });
      } else if (d.string) {
        const s: Def = { kind: 'string', context, ignoreCase: d.string['ignore-case'] === true, nonEmpty: d.string['require-non-empty'] === true };
        if (d.string.constant !== undefined) s.constant = d.string.constant;
        this.defs.set(name, s);
      } else if ('null' in d) this.defs.set(name, { kind: 'null', context });
      else if ('boolean' in d) this.defs.set(name, { kind: 'boolean', context });
      else if ('number' in d) this.defs.set(name, { kind: 'number', context });
    }
  }

  def(name: string): Def {
    // An unknown type name is a fault of the vendored schema, not of the file: anything is accepted there.
    return this.defs.get(name) ?? this.defs.get('any')!;
  }

  /** The scalar definitions a definition accepts, one-ofs expanded. */
  scalars(def: Def): Def[] {
    let out = this.scalarCache.get(def);
    if (out) return out;
    out = def.kind === 'one-of' ? def.of.flatMap((n) => this.scalars(this.def(n))) : def.kind === 'sequence' || def.kind === 'mapping' ? [] : [def];
    this.scalarCache.set(def, out);
    return out;
  }

  /** The definitions of one kind a definition is, or lists directly. */
  ofKind<K extends Def['kind']>(def: Def, kind: K): Extract<Def, { kind: K }>[] {
    if (def.kind === kind) return [def as Extract<Def, { kind: K }>];
    if (def.kind !== 'one-of') return [];
    return def.of.map((n) => this.def(n)).filter((d): d is Extract<Def, { kind: K }> => d.kind === kind);
  }

  private readonly sequenceCache = new Map<Def, SequenceDef | undefined>();
  private readonly mappingCache = new Map<Def, readonly MappingDef[]>();

  /** The sequence definition a definition accepts (the first), computed once per definition. */
  sequenceOf(def: Def): SequenceDef | undefined {
    if (this.sequenceCache.has(def)) return this.sequenceCache.get(def);
    const out = this.ofKind(def, 'sequence')[0];
    this.sequenceCache.set(def, out);
    return out;
  }

  /** The mapping definitions a definition accepts, computed once per definition (callers never change the list). */
  mappingsOf(def: Def): readonly MappingDef[] {
    let out = this.mappingCache.get(def);
    if (!out) this.mappingCache.set(def, (out = this.ofKind(def, 'mapping')));
    return out;
  }
}

type SequenceDef = Extract<Def, { kind: 'sequence' }>;
type MappingDef = Extract<Def, { kind: 'mapping' }>;

/**
 * Where the vendored schema is wrong about what GitHub accepts (each seen on a workflow GitHub runs, as actionlint's
 * testdata/ok holds it): the constant of `repository_dispatch` written alone is a copy-paste slip
 * (`branch_protection_rule`), and a `workflow_dispatch` input may be given with no settings (`logLevel:`).
 */
const WORKFLOW_CORRECTIONS: Record<string, RawDef> = {
  'repository-dispatch-string': { string: { constant: 'repository_dispatch' } },
  'workflow-dispatch-input': { 'one-of': ['null', 'workflow-dispatch-input-mapping'] },
  'workflow-dispatch-input-mapping': workflowSchema.definitions['workflow-dispatch-input'] as RawDef,
};

const WORKFLOW = new Schema({ ...(workflowSchema.definitions as Record<string, RawDef>), ...WORKFLOW_CORRECTIONS });
const ACTION = new Schema(actionSchema.definitions as Record<string, RawDef>);

/** The contexts and functions an expression may use at a place; `MAX` arguments is any number. */
interface Allowed {
  names: ReadonlySet<string>;
  functions: ReadonlyMap<string, { name: string; min: number; max: number }>;
  /** As the schema lists them, for messages. */
  list: readonly string[];
  /** The Info of each type name under these contexts, made once (the walk asks for a child at every node). */
  infos: Map<string, Info>;
}

/** No contexts: where each schema's walk starts (one per schema, so that every `Allowed` below it, and its infos,
 * belong to one schema). */
function noContext(): Allowed {
  return { names: new Set(), functions: new Map(), list: [], infos: new Map() };
}

/** Functions every expression may call (GitHub's expression language), with their argument counts. */
const BUILTIN: ReadonlyMap<string, { name: string; min: number; max: number }> = new Map(
  (
    [
      ['contains', 2, 2],
      ['startsWith', 2, 2],
      ['endsWith', 2, 2],
      ['format', 1, Infinity],
      ['join', 1, 2],
      ['toJSON', 1, 1],
      ['fromJSON', 1, 1],
    ] as const
  ).map(([name, min, max]) => [name.toLowerCase(), { name, min, max }]),
);

const allowedCache = new WeakMap<Allowed, Map<readonly string[], Allowed>>();

/** The parent's contexts with a definition's own added (GitHub's DefinitionInfo). */
function extend(parent: Allowed, context: readonly string[]): Allowed {
  if (context.length === 0) return parent;
  let byContext = allowedCache.get(parent);
  if (!byContext) allowedCache.set(parent, (byContext = new Map()));
  const hit = byContext.get(context);
  if (hit) return hit;
  const names = new Set(parent.names);
  const functions = new Map(parent.functions);
  const list = [...parent.list];
  for (const c of context) {
    const m = /^([\w-]+)\((\d+),(\d+|MAX)\)$/.exec(c);
    if (m) {
      const key = m[1]!.toLowerCase();
      if (functions.has(key)) continue;
      functions.set(key, { name: m[1]!, min: Number(m[2]), max: m[3] === 'MAX' ? Infinity : Number(m[3]) });
    } else {
      if (names.has(c.toLowerCase())) continue;
      names.add(c.toLowerCase());
    }
    list.push(c);
  }
  const out: Allowed = { names, functions, list, infos: new Map() };
  byContext.set(context, out);
  return out;
}

interface Info {
  def: Def;
  allowed: Allowed;
}

export interface SchemaInput {
  kind: 'workflow' | 'action';
  root: YNode | undefined;
  pos: Positions;
  /** The expressions the parser placed, by the scalar holding them. */
  expressions: ReadonlyMap<YScalar, readonly PlacedExpression[]>;
}

const quote = (s: string) => `\`${s}\``;

function listOf(items: readonly string[], max = 12): string {
  const shown = items.slice(0, max).map(quote).join(', ');
  return items.length > max ? `${shown}…` : shown;
}

/** What a definition accepts, in words, for messages. */
function expected(schema: Schema, def: Def): string {
  const constants = schema.scalars(def).flatMap((d) => (d.kind === 'string' && d.constant !== undefined ? [d.constant] : []));
  const kinds = new Set<string>();
  const visit = (d: Def) => {
    if (d.kind === 'one-of') d.of.forEach((n) => visit(schema.def(n)));
    else if (d.kind === 'string') {
      if (d.constant === undefined) kinds.add(d.nonEmpty ? 'a non-empty string' : 'a string');
    } else kinds.add(d.kind === 'null' ? 'nothing' : d.kind === 'mapping' ? 'a mapping' : d.kind === 'sequence' ? 'a sequence' : `a ${d.kind}`);
  };
  visit(def);
  const parts = [...(constants.length ? [`one of ${listOf(constants)}`] : []), ...kinds];
  return parts.join(' or ');
}

function scalarText(node: YScalar): string {
  return node.value === null ? '' : String(node.value);
}

/** The whole value is one `${{ 'literal' }}`: GitHub reads it as that string (the documented escape). */
function literalString(node: YScalar, exprs: readonly PlacedExpression[]): string | undefined {
  if (exprs.length !== 1) return undefined;
  const { expression } = exprs[0]!;
  const e = expression.expr;
  if (expression.start !== 0 || expression.end !== scalarText(node).length || e?.kind !== 'literal' || typeof e.value !== 'string') return undefined;
  return e.value;
}

class Validator {
  readonly errors: Report[] = [];
  private readonly schema: Schema;
  private readonly input: SchemaInput;

  constructor(schema: Schema, input: SchemaInput) {
    this.schema = schema;
    this.input = input;
  }

  private child(parent: Info | Allowed, type: string): Info {
    const base = 'def' in parent ? parent.allowed : parent;
    let info = base.infos.get(type);
    if (!info) {
      const def = this.schema.def(type);
      base.infos.set(type, (info = { def, allowed: extend(base, def.context) }));
    }
    return info;
  }

  private error(range: Range, messageId: string, data: Record<string, string | number> = {}): void {
    this.errors.push({ range, messageId, data });
  }

  root(type: string, node: YNode): void {
    this.value(node, this.child(this.schema.noContext, type), node.range, true);
  }

  /** `at`: where to report what is missing from a mapping (the key holding it). */
  private value(node: YNode, info: Info, at: Range, isRoot = false): void {
    if (node.kind === 'scalar') return this.scalar(node, info);
    if (node.kind === 'seq') {
      const seq = this.schema.sequenceOf(info.def);
      if (!seq) return this.error(node.range, 'unexpectedKind', { what: 'A sequence', expected: expected(this.schema, info.def) });
      const item = this.child(info, seq.item);
      for (const it of node.items) this.value(it, item, it.range);
      return;
    }
    const maps = this.schema.mappingsOf(info.def);
    if (maps.length === 0) return this.error(node.range, 'unexpectedKind', { what: 'A mapping', expected: expected(this.schema, info.def) });
    if (maps.length === 1 && maps[0]!.props.size === 0 && maps[0]!.looseKey) return this.loose(node, info, maps[0]!);
    this.wellKnown(node, info, maps, at, isRoot);
  }

  /** Keys differing only in case collide (GitHub reads them case-insensitively); the later one is reported. */
  private collisions(node: YMap): Set<string> | undefined {
    const pairs = node.pairs;
    if (pairs.length < 2) return undefined;
    let skip: Set<string> | undefined;
    if (pairs.length <= 16) {
      // A few keys (most mappings): compared with the earlier ones, no map built; the first key of a case class is
      // the earliest, so the earliest match is the one a map of first keys would hold.
      // Scratch space reused across mappings: only the first j entries are read at step j.
      // ASCII keys (nearly all) are compared by length, then letter by letter ignoring case; a key with any other
      // character is compared upper-cased (its upper case may differ in length: `ß` is `SS`).
      const ascii = this.ascii;
      for (let j = 0; j < pairs.length; j++) {
        const p = pairs[j]!;
        const key = p.key;
        ascii[j] = isAscii(key);
        if (key === '') continue;
        for (let i = 0; i < j; i++) {
          const other = pairs[i]!.key;
          if (ascii[i] && ascii[j] ? !sameAsciiIgnoringCase(other, key) : upper(other) !== upper(key)) continue;
          this.error(p.keyNode.range, 'caseDuplicate', { key: p.key, first: pairs[i]!.key });
          (skip ??= new Set()).add(p.key);
          break;
        }
      }
      return skip;
    }
    const seen = new Map<string, string>();
    for (const p of pairs) {
      const u = upper(p.key);
      const first = seen.get(u);
      if (first !== undefined && p.key !== '') {
        this.error(p.keyNode.range, 'caseDuplicate', { key: p.key, first });
        (skip ??= new Set()).add(p.key);
      } else seen.set(u, p.key);
    }
    return skip;
  }

  /** Scratch list for `collisions`: whether each key of the mapping is ASCII. */
  private readonly ascii: boolean[] = [];

  private expressionKey(key: YScalar, info: Info): boolean {
    if (typeof key.value !== 'string' || !key.value.includes('${{')) return false;
    if (info.allowed.list.length === 0) this.error(key.range, 'expressionNotAllowed');
    return true;
  }

  private loose(node: YMap, info: Info, map: Extract<Def, { kind: 'mapping' }>): void {
    const keyInfo = this.child(info, map.looseKey!);
    const valueInfo = this.child(info, map.looseValue ?? 'any');
    const skip = this.collisions(node);
    for (const p of node.pairs) {
      if (skip?.has(p.key)) continue;
      if (this.expressionKey(p.keyNode, info)) {
        this.value(p.value, valueInfo, p.keyNode.range);
        continue;
      }
      this.scalar(p.keyNode, keyInfo, true);
      this.value(p.value, valueInfo, p.keyNode.range);
    }
  }

  private wellKnown(node: YMap, info: Info, maps: readonly MappingDef[], at: Range, isRoot: boolean): void {
    const looseKey = maps[0]!.looseKey;
    const looseValue = maps[0]!.looseValue;
    const skip = this.collisions(node);
    if (maps.length > 1) maps = decide(maps, node);
    let expressionKey = false;
    for (const p of node.pairs) {
      if (skip?.has(p.key)) {
        // A key colliding with an earlier one in case is reported once; a well-known one's value is still checked.
        const prop = propOf(maps, p.key);
        if (prop && !(p.key === 'permissions' && this.input.kind === 'workflow')) this.value(p.value, this.child(info, prop.type), p.keyNode.range);
        continue;
      }
      if (this.expressionKey(p.keyNode, info)) {
        expressionKey = true;
        this.value(p.value, this.child(info, 'any'), p.keyNode.range);
        continue;
      }
      const prop = propOf(maps, p.key);
      if (prop) {
        // `permissions:` scopes and levels are CGW026's findings, with its own advice; not reported twice.
        if (p.key === 'permissions' && this.input.kind === 'workflow') continue;
        // GitHub narrows the candidate mappings to those that know the key.
        if (maps.length > 1) maps = maps.filter((m) => m.props.has(p.key));
        const child = this.child(info, prop.type);
        if (p.key === 'if') this.condition(p.value, child);
        this.value(p.value, child, p.keyNode.range);
        continue;
      }
      if (looseKey) {
        this.scalar(p.keyNode, this.child(info, looseKey), true);
        this.value(p.value, this.child(info, looseValue ?? 'any'), p.keyNode.range);
        continue;
      }
      const known = [...new Set(maps.flatMap((m) => [...m.props.keys()]))].filter((k) => !BACKGROUND_STEP_KEYS.has(k));
      const sameButCase = known.find((k) => k.toLowerCase() === p.key.toLowerCase());
      this.error(p.keyNode.range, 'unknownKey', { key: p.key, hint: sameButCase ? `; keys are case-sensitive: ${quote(sameButCase)}` : `; expected one of ${listOf(known.sort())}` });
    }
    if (maps.length > 1) {
      // The keys that would decide it: each candidate's required ones (`run`, `uses`).
      const keys = [...new Set(maps.flatMap((m) => [...m.props].filter(([k, p]) => p.required && !BACKGROUND_STEP_KEYS.has(k)).map(([k]) => k)))].sort();
      this.error(at, 'ambiguous', { keys: listOf(keys) });
    } else if (!expressionKey) {
      for (const name of requiredKeys(maps[0]!)) {
        if (hasKeyIgnoringCase(node, name)) continue;
        // A composite action's run step without `shell:` is CGA008's finding, with its own advice.
        if (this.input.kind === 'action' && name === 'shell') continue;
        this.error(isRoot ? (node.pairs[0]?.keyNode.range ?? at) : at, isRoot ? 'missing' : 'missingKey', { key: name });
      }
    }
  }

  /** A bare `if:` (no `${{ }}`) is an expression all the same: its contexts are checked like any other's. */
  private condition(node: YNode, info: Info): void {
    if (node.kind !== 'scalar' || typeof node.value !== 'string' || node.value.includes('${{') || node.value.trim() === '') return;
    const { expr, error } = parseExpression(node.value);
    const rangeOf = (span: { start: number; end: number }) => subRange(node, this.input.pos, span.start, span.end);
    if (error) this.error(rangeOf(error.end > error.start ? error : { start: 0, end: node.value.length }), 'expression', { detail: error.message });
    else if (expr) this.contexts(expr, info.allowed, rangeOf);
  }

  private contexts(expr: Expr, allowed: Allowed, rangeOf: (span: { start: number; end: number }) => Range): void {
    walk(expr, (e) => {
      if (e.kind === 'context') {
        if (!allowed.names.has(e.name.toLowerCase())) {
          const names = allowed.list.filter((c) => !c.includes('('));
          this.error(rangeOf(e), 'unavailableContext', { name: e.name, available: names.length ? listOf(names, 20) : 'none' });
        }
      } else if (e.kind === 'call') {
        const key = e.name.toLowerCase();
        const fn = BUILTIN.get(key) ?? allowed.functions.get(key);
        if (!fn) {
          const known = BUILTIN.has(key) || ['always', 'success', 'failure', 'cancelled', 'hashfiles'].includes(key);
          this.error(rangeOf(e), known ? 'unavailableFunction' : 'unknownFunction', { name: e.name });
        } else if (e.args.length < fn.min || e.args.length > fn.max) {
          const arity = fn.min === fn.max ? String(fn.min) : fn.max === Infinity ? `at least ${fn.min}` : `${fn.min} to ${fn.max}`;
          this.error(rangeOf(e), 'arity', { name: fn.name, arity, count: e.args.length });
        }
      }
    });
  }

  private scalar(node: YScalar, info: Info, isKey = false): void {
    let value: YScalar['value'] = node.value;
    if (typeof value === 'string' && value.includes('${{')) {
      const exprs = this.input.expressions.get(node) ?? [];
      // A parse error is the parser's report already; what follows would only repeat it.
      if (exprs.some((e) => e.expression.error)) return;
      const literal = literalString(node, exprs);
      if (literal === undefined) {
        if (exprs.length === 0) return;
        if (info.allowed.list.length === 0) {
          if (!isKey) this.error(exprs[0]!.range, 'expressionNotAllowed');
          return;
        }
        for (const e of exprs) if (e.expression.expr) this.contexts(e.expression.expr, info.allowed, e.rangeOf);
        return;
      }
      value = literal;
    }
    const defs = this.schema.scalars(info.def);
    if (matchesAny(defs, value)) return;
    if (typeof value !== 'string' && matchesAny(defs, value === null ? '' : String(value))) return;
    this.error(node.range, 'unexpectedValue', { value: value === null ? '' : String(value), expected: expected(this.schema, info.def) });
  }
}

/**
 * Which of several mappings a value is (a step that runs a script or uses an action; a job on a runner or calling a
 * reusable workflow): the one whose required keys are all there, preferring the one that `uses:` when both are, so a
 * key of the other kind is reported where it is written. When none is complete, GitHub's narrowing key by key decides.
 */
function decide(maps: readonly MappingDef[], node: YMap): readonly MappingDef[] {
  // The first complete mapping, unless a later complete one is the one that `uses:`.
  let first: MappingDef | undefined;
  for (const m of maps) {
    if (!complete(m, node)) continue;
    if (requiredKeys(m).includes('uses')) return alone(m);
    first ??= m;
  }
  return first ? alone(first) : maps;
}

/** Whether a mapping value has every required key of a definition (which requires at least one). */
function complete(m: MappingDef, node: YMap): boolean {
  const required = requiredKeys(m);
  if (required.length === 0) return false;
  for (const k of required) if (!node.pairs.some((p) => p.key === k)) return false;
  return true;
}

const ALONE = new WeakMap<MappingDef, readonly MappingDef[]>();

/** A one-definition list, made once per definition (it is never changed). */
function alone(m: MappingDef): readonly MappingDef[] {
  let out = ALONE.get(m);
  if (!out) ALONE.set(m, (out = [m]));
  return out;
}

/** A mapping definition's required keys, computed once per definition (every step and job asks, several times). */
const REQUIRED = new WeakMap<Extract<Def, { kind: 'mapping' }>, readonly string[]>();
function requiredKeys(m: Extract<Def, { kind: 'mapping' }>): readonly string[] {
  let keys = REQUIRED.get(m);
  if (!keys) REQUIRED.set(m, (keys = [...m.props].filter(([, p]) => p.required).map(([k]) => k)));
  return keys;
}

/** Keys of steps that run in the background, a feature GitHub has behind a flag: unknown keys to everyone else. */
const BACKGROUND_STEP_KEYS: ReadonlySet<string> = new Set(['background', 'wait', 'wait-all', 'cancel', 'parallel']);

/** The property of a key in the first of the mappings that knows it. */
function propOf(maps: readonly MappingDef[], key: string): Prop | undefined {
  for (const m of maps) {
    const prop = m.props.get(key);
    if (prop) return prop;
  }
  return undefined;
}

/** Whether a mapping has a key, in any case (keys collide case-insensitively, the first of them is the one read). */
function hasKeyIgnoringCase(node: YMap, name: string): boolean {
  for (const p of node.pairs) if (p.key === name) return true;
  const u = upper(name);
  for (const p of node.pairs) if (upper(p.key) === u) return true;
  return false;
}

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 127) return false;
  return true;
}

/** Two ASCII strings equal when upper-cased (as `toUpperCase` compares them). */
function sameAsciiIgnoringCase(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const lx = x >= 65 && x <= 90 ? x + 32 : x;
    const ly = y >= 65 && y <= 90 ? y + 32 : y;
    if (lx !== ly) return false;
  }
  return true;
}

const UPPER = new Map<string, string>();

/** A key in upper case, remembered: the same few keys come back in every step and job (bounded, keys are input). */
function upper(key: string): string {
  let u = UPPER.get(key);
  if (u === undefined) {
    if (UPPER.size >= 4096) UPPER.clear();
    UPPER.set(key, (u = key.toUpperCase()));
  }
  return u;
}

function matchesAny(defs: readonly Def[], value: YScalar['value']): boolean {
  for (let i = 0; i < defs.length; i++) if (matches(defs[i]!, value)) return true;
  return false;
}

function matches(def: Def, value: YScalar['value']): boolean {
  switch (def.kind) {
    case 'null':
      return value === null;
    case 'boolean':
      return typeof value === 'boolean';
    case 'number':
      return typeof value === 'number';
    case 'string':
      if (typeof value !== 'string') return false;
      if (def.constant !== undefined) return def.ignoreCase ? def.constant.toUpperCase() === value.toUpperCase() : def.constant === value;
      return !def.nonEmpty || value !== '';
    default:
      return false;
  }
}

/** Every place the file breaks GitHub's schema, in file order, each once. */
export function validateSchema(input: SchemaInput): Report[] {
  if (!input.root) return [];
  const schema = input.kind === 'workflow' ? WORKFLOW : ACTION;
  const v = new Validator(schema, input);
  // Workflows against the strict root GitHub validates them with; actions against the root the runner loads them
  // with (the strict one refuses `description:`, which every action has).
  v.root(input.kind === 'workflow' ? 'workflow-root-strict' : 'action-root', input.root);
  const seen = new Set<string>();
  return v.errors
    .filter((e) => {
      const key = `${e.range.start_line}:${e.range.start_column}:${e.messageId}:${JSON.stringify(e.data)}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => a.range.start_line - b.range.start_line || a.range.start_column - b.range.start_column);
}
