// A request's `profile` and `rules` checked against the rule catalogue and resolved to rule ids: what the engine
// runs with (RuleConfig) and what every report echoes as `profile` and `rules`, so its score can be reproduced.
// POST /api/analyze, POST /api/analyze-project and the analyzer page share it. A refusal names the field
// (`body.rules.disable[0]`) and never repeats a submitted value beyond a rule key (docs/public-api.md, Privacy).
import type { RuleConfig } from '../core/engine.ts';
import { PROFILES } from '../core/rule.ts';
import type { Profile, RuleMeta, RuleOptionSpec, RuleOptionValue } from '../core/rule.ts';
import { SEVERITIES } from '../core/types.ts';
import type { Severity } from '../core/types.ts';
import { ANALYSIS_RULES } from './catalogue.ts';
import type { Refusal } from './submission.ts';

/** The rule configuration a report used, by rule id, sorted: lists without repeats, the severities set, and the
 * option values (defaults included) of every rule given options. */
export interface EffectiveRules {
  enable: string[];
  disable: string[];
  severity: Record<string, Severity>;
  options: Record<string, Record<string, RuleOptionValue>>;
}

export interface ResolvedConfig {
  profile: Profile;
  rules: EffectiveRules;
}

/** Bounds on what a request may carry: far above the number of rules, low enough that checking costs nothing. */
export const RULE_CONFIG_LIMITS = { entries: 500, ruleRef: 100, optionItems: 100, optionString: 500 } as const;

const RULE_FIELDS = ['enable', 'disable', 'severity', 'options'] as const;

/** Rules by id and by name (a name may name one rule of each file type). */
class Catalogue {
  readonly byId: Map<string, RuleMeta>;
  readonly byName = new Map<string, RuleMeta[]>();
  constructor(metas: readonly RuleMeta[]) {
    this.byId = new Map(metas.map((m) => [m.id, m]));
    for (const m of metas) this.byName.set(m.name, [...(this.byName.get(m.name) ?? []), m]);
  }
  isId(ref: string): boolean {
    return this.byId.has(ref.toUpperCase());
  }
  /** The rules a reference names: an id (any case) names one; a name one of each file type at most. */
  named(ref: string): readonly RuleMeta[] {
    const meta = this.byId.get(ref.toUpperCase());
    return meta ? [meta] : (this.byName.get(ref) ?? []);
  }
}

/** A key in a field path: as written when it is a plain word, else quoted (and cut short). */
function segment(key: string): string {
  return /^[A-Za-z0-9_-]{1,64}$/.test(key) ? `.${key}` : `[${JSON.stringify(key.slice(0, 40))}]`;
}

class Invalid extends Error {}

function fail(message: string): never {
  throw new Invalid(message);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Own enumerable keys, bounded. */
function keysOf(value: Record<string, unknown>, path: string): string[] {
  const keys = Object.keys(value);
  if (keys.length > RULE_CONFIG_LIMITS.entries) fail(`${path} has more than ${RULE_CONFIG_LIMITS.entries} entries.`);
  return keys;
}

function rulesOf(rules: Catalogue, ref: unknown, path: string): readonly RuleMeta[] {
  if (typeof ref !== 'string' || ref === '' || ref.length > RULE_CONFIG_LIMITS.ruleRef) fail(`${path} must be a rule id or name (see GET /api/rules).`);
  const metas = rules.named(ref);
  if (metas.length === 0) fail(`${path} names no rule of file or project analysis (see GET /api/rules).`);
  return metas;
}

function ruleList(rules: Catalogue, value: unknown, path: string): string[] {
  if (!Array.isArray(value)) fail(`${path} must be a list of rule ids or names.`);
  if (value.length > RULE_CONFIG_LIMITS.entries) fail(`${path} has more than ${RULE_CONFIG_LIMITS.entries} entries.`);
  const ids = new Set<string>();
  value.forEach((ref, i) => {
    for (const m of rulesOf(rules, ref, `${path}[${i}]`)) ids.add(m.id);
  });
  return [...ids].sort();
}

/** Entries keyed by rule id or name, names first so that an id's entry wins over its name's. */
function byRule(rules: Catalogue, map: Record<string, unknown>, path: string): [RuleMeta, unknown, string][] {
  const out: [RuleMeta, unknown, string][] = [];
  const keys = keysOf(map, path);
  for (const key of [...keys.filter((k) => !rules.isId(k)), ...keys.filter((k) => rules.isId(k))]) {
    const where = `${path}${segment(key)}`;
    for (const m of rulesOf(rules, key, where)) out.push([m, map[key], where]);
  }
  return out;
}

function severities(rules: Catalogue, value: unknown, path: string): Record<string, Severity> {
  if (!isPlainObject(value)) fail(`${path} must be an object of rule ids or names to severities.`);
  const out: Record<string, Severity> = {};
  for (const [m, severity, where] of byRule(rules, value, path)) {
    if (typeof severity !== 'string' || !(SEVERITIES as readonly string[]).includes(severity)) fail(`${where} must be one of: ${SEVERITIES.join(', ')}.`);
    out[m.id] = severity as Severity;
  }
  return sorted(out);
}

function optionValue(spec: RuleOptionSpec, value: unknown, where: string): RuleOptionValue {
  switch (spec.type) {
    case 'string[]':
      if (!Array.isArray(value) || value.length > RULE_CONFIG_LIMITS.optionItems || !value.every((x) => typeof x === 'string' && x.length <= RULE_CONFIG_LIMITS.optionString)) {
        fail(`${where} must be a list of at most ${RULE_CONFIG_LIMITS.optionItems} strings of at most ${RULE_CONFIG_LIMITS.optionString} characters.`);
      }
      return [...(value as string[])];
    case 'string':
      if (typeof value !== 'string' || value.length > RULE_CONFIG_LIMITS.optionString) fail(`${where} must be a string of at most ${RULE_CONFIG_LIMITS.optionString} characters.`);
      return value;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) fail(`${where} must be a number.`);
      return value;
    case 'boolean':
      if (typeof value !== 'boolean') fail(`${where} must be true or false.`);
      return value;
  }
}

function options(rules: Catalogue, value: unknown, path: string): Record<string, Record<string, RuleOptionValue>> {
  if (!isPlainObject(value)) fail(`${path} must be an object of rule ids or names to option values.`);
  const given = new Map<string, Record<string, RuleOptionValue>>();
  for (const [m, values, where] of byRule(rules, value, path)) {
    if (!isPlainObject(values)) fail(`${where} must be an object of option names to values.`);
    const specs = m.options ?? {};
    const names = Object.keys(specs);
    const out = given.get(m.id) ?? {};
    for (const name of keysOf(values, where)) {
      const spec = Object.hasOwn(specs, name) ? specs[name] : undefined;
      if (!spec) fail(`${where}${segment(name)} is not an option of ${m.id}; ${names.length ? `its options: ${names.join(', ')}` : 'it has none'}.`);
      out[name] = optionValue(spec, values[name], `${where}${segment(name)}`);
    }
    given.set(m.id, out);
  }
  const result: Record<string, Record<string, RuleOptionValue>> = {};
  for (const id of [...given.keys()].sort()) {
    const specs = rules.byId.get(id)!.options ?? {};
    result[id] = { ...Object.fromEntries(Object.entries(specs).map(([name, spec]) => [name, spec.default])), ...given.get(id)! };
  }
  return result;
}

function sorted<T>(map: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(map).sort(([a], [b]) => a.localeCompare(b)));
}

const ANALYSIS_CATALOGUE = new Catalogue(ANALYSIS_RULES);

/** The request's `profile` and `rules` (each may be absent) as a configuration, or the refusal naming the field.
 * `path` prefixes field names (`body` for the API); `metas` are the rules a request may name (tests give others). */
export function resolveRuleConfig(profile: unknown, rules: unknown, path = 'body', metas?: readonly RuleMeta[]): { config: ResolvedConfig } | { refusal: Refusal } {
  const catalogue = metas ? new Catalogue(metas) : ANALYSIS_CATALOGUE;
  try {
    if (profile !== undefined && (typeof profile !== 'string' || !(PROFILES as readonly string[]).includes(profile))) fail(`${path}.profile must be one of: ${PROFILES.join(', ')}.`);
    const effective: EffectiveRules = { enable: [], disable: [], severity: {}, options: {} };
    if (rules !== undefined) {
      const where = `${path}.rules`;
      if (!isPlainObject(rules)) fail(`${where} must be an object with any of: ${RULE_FIELDS.join(', ')}.`);
      for (const key of keysOf(rules, where)) if (!(RULE_FIELDS as readonly string[]).includes(key)) fail(`${where}${segment(key)} is not a field; ${where} has: ${RULE_FIELDS.join(', ')}.`);
      if (rules['enable'] !== undefined) effective.enable = ruleList(catalogue, rules['enable'], `${where}.enable`);
      if (rules['disable'] !== undefined) effective.disable = ruleList(catalogue, rules['disable'], `${where}.disable`);
      if (rules['severity'] !== undefined) effective.severity = severities(catalogue, rules['severity'], `${where}.severity`);
      if (rules['options'] !== undefined) effective.options = options(catalogue, rules['options'], `${where}.options`);
    }
    return { config: { profile: (profile as Profile | undefined) ?? 'recommended', rules: effective } };
  } catch (err) {
    if (err instanceof Invalid) return { refusal: { status: 422, code: 'invalid_request', message: err.message } };
    throw err;
  }
}

/** What the engine runs with: the resolved configuration, every rule by id. */
export function engineConfig(config: ResolvedConfig): RuleConfig {
  const { enable, disable, severity, options: values } = config.rules;
  return { profile: config.profile, enable, disable, severity, options: values };
}
