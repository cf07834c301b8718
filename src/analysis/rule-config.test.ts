// A request's profile and rules, resolved: tables of valid configurations and what they resolve to (ids, sorted,
// options with their defaults), and of invalid ones and the refusal naming the field. A small catalogue of its own
// holds a rule with options (the option types), the real one the rest.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RuleMeta } from '../core/rule.ts';
import { ANALYSIS_RULES } from './catalogue.ts';
import { engineConfig, resolveRuleConfig } from './rule-config.ts';

const withOptions: RuleMeta = {
  ...ANALYSIS_RULES.find((m) => m.id === 'CGD001')!,
  id: 'CGD901',
  name: 'configurable',
  options: {
    registries: { type: 'string[]', description: 'Registries trusted.', default: ['docker.io'] },
    label: { type: 'string', description: 'A label to require.', default: 'org.opencontainers.image.source' },
    max: { type: 'number', description: 'How many at most.', default: 3 },
    strict: { type: 'boolean', description: 'Whether to be strict.', default: false },
  },
};
const CATALOGUE = [...ANALYSIS_RULES, withOptions];

const resolve = (profile: unknown, rules: unknown) => resolveRuleConfig(profile, rules, 'body', CATALOGUE);

describe('resolveRuleConfig: valid configurations', () => {
  const cases: [string, unknown, unknown, unknown][] = [
    ['nothing', undefined, undefined, { profile: 'recommended', rules: { enable: [], disable: [], severity: {}, options: {} } }],
    ['strict, empty rules', 'strict', {}, { profile: 'strict', rules: { enable: [], disable: [], severity: {}, options: {} } }],
    ['ids in any case and names, sorted, without repeats', 'recommended', { enable: ['image-not-pinned-by-digest', 'cgd003'], disable: ['no-latest-tag', 'CGD001', 'CGD001'] },
      { profile: 'recommended', rules: { enable: ['CGC024', 'CGD003'], disable: ['CGD001', 'CGD002'], severity: {}, options: {} } }],
    ['a severity by name applies to each rule of the name; an id wins over its name', undefined, { severity: { CGD131: 'high', 'healthcheck-missing': 'medium' } },
      { profile: 'recommended', rules: { enable: [], disable: [], severity: { CGC025: 'medium', CGD131: 'high' }, options: {} } }],
    ['options over their defaults', undefined, { options: { configurable: { registries: ['ghcr.io'], max: 0 }, CGD901: { strict: true } } },
      { profile: 'recommended', rules: { enable: [], disable: [], severity: {}, options: { CGD901: { registries: ['ghcr.io'], label: 'org.opencontainers.image.source', max: 0, strict: true } } } }],
    ['a project rule', undefined, { disable: ['CGP001'] }, { profile: 'recommended', rules: { enable: [], disable: ['CGP001'], severity: {}, options: {} } }],
  ];
  for (const [name, profile, rules, expected] of cases) {
    it(name, () => assert.deepEqual(resolve(profile, rules), { config: expected }));
  }
  it('the engine gets the same by id', () => {
    const r = resolve('strict', { disable: ['no-latest-tag'], severity: { CGD001: 'low' } });
    assert.ok('config' in r);
    assert.deepEqual(engineConfig(r.config), { profile: 'strict', enable: [], disable: ['CGD002'], severity: { CGD001: 'low' }, options: {} });
  });
});

describe('resolveRuleConfig: refusals name the field', () => {
  const big = Array.from({ length: 501 }, () => 'CGD001');
  const cases: [unknown, unknown, RegExp][] = [
    ['lenient', undefined, /^body\.profile must be one of: recommended, strict\.$/],
    [3, undefined, /^body\.profile must be one of/],
    [undefined, 'all', /^body\.rules must be an object with any of: enable, disable, severity, options\.$/],
    [undefined, ['CGD001'], /^body\.rules must be an object/],
    [undefined, { ignore: [] }, /^body\.rules\.ignore is not a field; body\.rules has: enable, disable, severity, options\.$/],
    [undefined, { 'a b': [] }, /^body\.rules\["a b"\] is not a field/],
    [undefined, { disable: 'CGD001' }, /^body\.rules\.disable must be a list of rule ids or names\.$/],
    [undefined, { disable: ['CGD001', 'CGX999'] }, /^body\.rules\.disable\[1\] names no rule of file or project analysis/],
    [undefined, { enable: [7] }, /^body\.rules\.enable\[0\] must be a rule id or name/],
    [undefined, { enable: [''] }, /^body\.rules\.enable\[0\] must be a rule id or name/],
    [undefined, { enable: ['x'.repeat(101)] }, /^body\.rules\.enable\[0\] must be a rule id or name/],
    [undefined, { enable: ['CGS001'] }, /^body\.rules\.enable\[0\] names no rule of file or project analysis/],
    [undefined, { enable: big }, /^body\.rules\.enable has more than 500 entries\.$/],
    [undefined, { severity: ['CGD001'] }, /^body\.rules\.severity must be an object/],
    [undefined, { severity: { CGD001: 'urgent' } }, /^body\.rules\.severity\.CGD001 must be one of: critical, high, medium, low, info\.$/],
    [undefined, { severity: { 'no-latest-tag': null } }, /^body\.rules\.severity\.no-latest-tag must be one of/],
    [undefined, { severity: { toString: 'high' } }, /^body\.rules\.severity\.toString names no rule/],
    [undefined, { severity: { constructor: 'high' } }, /^body\.rules\.severity\.constructor names no rule/],
    [undefined, { options: { CGD001: { registries: [] } } }, /^body\.rules\.options\.CGD001\.registries is not an option of CGD001; it has none\.$/],
    [undefined, { options: { CGD901: { registry: [] } } }, /^body\.rules\.options\.CGD901\.registry is not an option of CGD901; its options: registries, label, max, strict\.$/],
    [undefined, { options: { CGD901: { hasOwnProperty: 1 } } }, /^body\.rules\.options\.CGD901\.hasOwnProperty is not an option/],
    [undefined, { options: { CGD901: 'x' } }, /^body\.rules\.options\.CGD901 must be an object of option names to values\.$/],
    [undefined, { options: { CGD901: { registries: 'ghcr.io' } } }, /^body\.rules\.options\.CGD901\.registries must be a list of at most 100 strings/],
    [undefined, { options: { CGD901: { registries: [1] } } }, /^body\.rules\.options\.CGD901\.registries must be a list/],
    [undefined, { options: { CGD901: { label: 5 } } }, /^body\.rules\.options\.CGD901\.label must be a string/],
    [undefined, { options: { CGD901: { label: 'x'.repeat(501) } } }, /^body\.rules\.options\.CGD901\.label must be a string of at most 500/],
    [undefined, { options: { CGD901: { max: '3' } } }, /^body\.rules\.options\.CGD901\.max must be a number\.$/],
    [undefined, { options: { CGD901: { max: Number.NaN } } }, /^body\.rules\.options\.CGD901\.max must be a number\.$/],
    [undefined, { options: { CGD901: { strict: 'yes' } } }, /^body\.rules\.options\.CGD901\.strict must be true or false\.$/],
    [undefined, { options: { nope: {} } }, /^body\.rules\.options\.nope names no rule/],
  ];
  for (const [profile, rules, message] of cases) {
    it(`${JSON.stringify(profile) ?? '-'} ${JSON.stringify(rules)?.slice(0, 80) ?? '-'}`, () => {
      const r = resolve(profile, rules);
      assert.ok('refusal' in r, JSON.stringify(r));
      assert.equal(r.refusal.status, 422);
      assert.equal(r.refusal.code, 'invalid_request');
      assert.match(r.refusal.message, message);
    });
  }
  it('a refusal never repeats a submitted list entry', () => {
    const r = resolve(undefined, { disable: ['secret-value-xyz'] });
    assert.ok('refusal' in r);
    assert.doesNotMatch(r.refusal.message, /secret-value-xyz/);
  });
});
