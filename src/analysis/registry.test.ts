// The registry: every file type's descriptor is complete, and every rule is indexed, tested, documented and has
// valid metadata. Fails loudly when a rule file is missing from its index, lacks a test beside it, a doc page, or
// required metadata, or when a file type lacks its folders or a field of its descriptor.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { CATEGORIES, SEVERITIES } from '../core/types.ts';
import type { RuleMeta } from '../core/rule.ts';
import { RULE_TAGS } from '../core/rule.ts';
import { projectRules } from '../rules/project/index.ts';
import { ALL_RULES, RULE_TARGETS } from './catalogue.ts';
import { FILE_TYPES } from './file-types/index.ts';
import { renderRuleDocs } from './rule-docs.ts';

/** Rule id prefixes and the tools `equivalents` may name, by target: the file types' from their descriptors. */
const ID_PREFIX: Record<string, string> = { ...Object.fromEntries(FILE_TYPES.map((t) => [t.id, t.ruleIdPrefix])), project: 'CGP', scan: 'CGS' };
const TOOLS: Record<string, readonly string[]> = { ...Object.fromEntries(FILE_TYPES.map((t) => [t.id, t.equivalentTools])), project: [...new Set(FILE_TYPES.flatMap((t) => t.equivalentTools))], scan: ['observatory', 'ssllabs', 'testssl', 'internet.nl'] };
const SECURITY = new Set(['security', 'secrets', 'supply-chain']);

function checkMeta(m: RuleMeta): void {
  assert.ok(RULE_TARGETS.some((t) => t.id === m.target), `${m.id}: target "${m.target}" is a file type, project or scan`);
  assert.match(m.id, new RegExp(`^${ID_PREFIX[m.target]}\\d{3}$`), `${m.id}: id format for ${m.target}`);
  assert.match(m.name, /^[a-z0-9]+(-[a-z0-9]+)*$/, `${m.id}: kebab-case name`);
  for (const key of ['title', 'description', 'remediation'] as const) assert.ok(m[key].trim().length >= 10, `${m.id}: ${key}`);
  assert.ok(SEVERITIES.includes(m.severity), `${m.id}: severity`);
  assert.ok(CATEGORIES.includes(m.category), `${m.id}: category`);
  assert.ok(m.messages['default'], `${m.id}: a default message`);
  if (SECURITY.has(m.category)) assert.ok(m.cwe && m.cwe.length > 0, `${m.id}: CWE for a ${m.category} rule`);
  for (const c of m.cwe ?? []) assert.match(c, /^CWE-\d+$/, `${m.id}: CWE format`);
  for (const e of m.equivalents) {
    const [tool, id] = e.split(':', 2);
    assert.ok(TOOLS[m.target]!.includes(tool!) && id, `${m.id}: equivalent "${e}" is tool:id with a tool of ${m.target}`);
  }
  for (const r of m.references) assert.match(r, /^https:\/\//, `${m.id}: reference is an https URL`);
  for (const t of m.tags ?? []) assert.ok((RULE_TAGS as readonly string[]).includes(t), `${m.id}: tag "${t}" is one of ${RULE_TAGS.join(', ')}`);
  assert.equal(new Set(m.tags).size, m.tags?.length ?? 0, `${m.id}: tags are unique`);
  for (const c of m.severityContext ?? []) assert.match(c, /^\S.{9,}[.)]$/s, `${m.id}: severity context "${c}" is a sentence`);
  for (const [name, o] of Object.entries(m.options ?? {})) {
    assert.match(name, /^[a-z][a-z0-9_]*$/, `${m.id}: option "${name}" is snake_case`);
    assert.ok(o.description.trim().length >= 10, `${m.id}: option ${name} is described`);
    const ok = o.type === 'string[]' ? Array.isArray(o.default) && o.default.every((x) => typeof x === 'string') : typeof o.default === o.type;
    assert.ok(ok, `${m.id}: option ${name}'s default is a ${o.type}`);
  }
  if (m.target !== 'scan' && m.category !== 'syntax') {
    assert.ok(m.examples.bad.length > 0, `${m.id}: a bad example`);
    assert.ok(m.examples.good.length > 0, `${m.id}: a good example`);
  }
}

describe('rule registry', () => {
  it('ids and names are unique', () => {
    const ids = ALL_RULES.map((r) => r.id);
    assert.equal(new Set(ids).size, ids.length, `duplicate ids: ${ids.filter((x, i) => ids.indexOf(x) !== i)}`);
    const names = ALL_RULES.map((r) => `${r.target}/${r.name}`);
    assert.equal(new Set(names).size, names.length, `duplicate names: ${names.filter((x, i) => names.indexOf(x) !== i)}`);
  });
  it('every rule has valid metadata', () => {
    for (const m of ALL_RULES) checkMeta(m);
  });
  it('file types: unique ids and rule id prefixes, complete descriptors', () => {
    const ids = FILE_TYPES.map((t) => t.id);
    assert.equal(new Set(ids).size, ids.length, 'unique ids');
    const prefixes = Object.values(ID_PREFIX);
    assert.equal(new Set(prefixes).size, prefixes.length, 'unique rule id prefixes');
    for (const t of FILE_TYPES) {
      assert.match(t.id, /^[a-z]+(-[a-z]+)*$/, `${t.id}: a kebab-case id`);
      assert.match(t.ruleIdPrefix, /^CG[A-Z]$/, `${t.id}: rule id prefix`);
      for (const key of ['title', 'label', 'rulesTitle', 'language'] as const) assert.ok(t[key].trim() !== '', `${t.id}: ${key}`);
      assert.ok(t.names.length + t.paths.length > 0, `${t.id}: names or paths to detect it by`);
      for (const g of [...t.names, ...t.excludedNames]) assert.doesNotMatch(g, /\//, `${t.id}: name glob "${g}" has no /`);
      for (const g of t.paths) assert.match(g, /^[^/]+(\/[^/]+)+$/, `${t.id}: path glob "${g}" has segments`);
      for (const tool of t.pragmas) assert.ok(t.equivalentTools.includes(tool), `${t.id}: the pragmas of ${tool} reach our rules only through equivalents naming it`);
      assert.equal(t.analyzer.syntaxRule.meta.id, `${t.ruleIdPrefix}000`, `${t.id}: the syntax-error rule is ${t.ruleIdPrefix}000`);
      assert.ok(existsSync(path.join('src/analyzers', t.id)), `${t.id}: src/analyzers/${t.id}/ holds its parser`);
    }
  });
  for (const { id: type, analyzer } of FILE_TYPES) {
    it(`${type}: the index is sorted, and every rule file is indexed and has a test beside it`, async () => {
      const ids = analyzer.rules.map((r) => r.meta.id);
      assert.deepEqual(ids, [...ids].sort(), 'index sorted by id');
      const dir = path.join('src/rules', type);
      const indexed = new Set([analyzer.syntaxRule, ...analyzer.rules].map((r) => r.meta.id));
      for (const r of [analyzer.syntaxRule, ...analyzer.rules]) assert.equal(r.meta.target, type, `${r.meta.id} targets ${type}`);
      for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
        const mod = (await import(path.resolve(dir, file))) as { rule?: { meta: RuleMeta } };
        if (!mod.rule) continue;
        assert.ok(indexed.has(mod.rule.meta.id), `${dir}/${file} (${mod.rule.meta.id}) is in the index`);
        assert.equal(file, `${mod.rule.meta.name}.ts`, `${dir}/${file} is named after its rule`);
        assert.ok(existsSync(path.join(dir, file.replace(/\.ts$/, '.test.ts'))), `${dir}/${file} has a test beside it`);
      }
    });
  }
  it('project rules have tests beside them', () => {
    for (const r of projectRules) assert.ok(existsSync(path.join('src/rules/project', `${r.meta.name}.test.ts`)), `${r.meta.id} has a test`);
  });
  it('docs/rules is generated from the current metadata (run `npm run docs:rules`)', () => {
    const expected = renderRuleDocs(ALL_RULES);
    const present = new Set(existsSync('docs/rules') ? readdirSync('docs/rules') : []);
    for (const [name, content] of expected) {
      assert.ok(present.has(name), `docs/rules/${name} exists`);
      assert.equal(readFileSync(path.join('docs/rules', name), 'utf8'), content, `docs/rules/${name} is up to date`);
    }
    for (const name of present) assert.ok(expected.has(name), `docs/rules/${name} belongs to an existing rule`);
  });
});
