import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findingSeverity, isEnabled, ruleOptions, runRules, rulesetVersion } from './engine.ts';
import type { Rule, RuleContext, RuleMeta } from './rule.ts';
import { formatMessage } from './rule.ts';
import type { Suppression } from './suppressions.ts';

const meta = (over: Partial<RuleMeta> = {}): RuleMeta => ({
  id: 'CGD999', name: 'demo-rule', target: 'dockerfile', title: 'Demo', description: 'd', severity: 'medium', category: 'security',
  cwe: ['CWE-1'], references: [], remediation: 'fix it', equivalents: ['hadolint:DL9999'],
  messages: { default: 'bad {{thing}}', other: 'other {{thing}} {{missing}}' }, examples: { bad: [], good: [] }, ...over,
});

const lineRule = (m: RuleMeta, lines: number[]): Rule<null> => ({
  meta: m,
  check: (_doc, report) => lines.forEach((line) => report({ range: { start_line: line, start_column: 1, end_line: line, end_column: 4 }, data: { thing: `x${line}` } })),
});

describe('engine', () => {
  it('renders messages from metadata with data, leaving unknown placeholders visible', () => {
    assert.equal(formatMessage(meta(), undefined, { thing: 'T' }), 'bad T');
    assert.equal(formatMessage(meta(), 'other', { thing: 'T' }), 'other T {{missing}}');
  });
  it('builds findings with help urls and equivalents', () => {
    const run = runRules(null, [lineRule(meta(), [3])], [], { helpBaseUrl: 'https://svc.example/' });
    assert.equal(run.findings.length, 1);
    const f = run.findings[0]!;
    assert.equal(f.help_url, 'https://svc.example/rules/CGD999');
    assert.deepEqual(f.equivalents, ['hadolint:DL9999']);
    assert.equal(f.message, 'bad x3');
  });
  it('a template without placeholders is returned as it is, even with data', () => {
    assert.equal(formatMessage(meta({ messages: { default: 'plain {text}' } }), undefined, { text: 'T' }), 'plain {text}');
  });
  it('help urls follow the base given to each run, with or without trailing slashes', () => {
    const url = (base: string) => runRules(null, [lineRule(meta(), [3])], [], { helpBaseUrl: base }).findings[0]!.help_url;
    assert.equal(url('https://a.example//'), 'https://a.example/rules/CGD999');
    assert.equal(url('https://b.example/x'), 'https://b.example/x/rules/CGD999');
    assert.equal(url('https://a.example'), 'https://a.example/rules/CGD999');
  });
  it('prior reports come first under their rule, are suppressible, and are dropped when that rule is disabled', () => {
    const syntax = meta({ id: 'CGD000', name: 'syntax', messages: { default: 'syntax {{thing}}' } });
    const prior = { rule: { meta: syntax, check: () => {} }, reports: [{ range: { start_line: 5, start_column: 1, end_line: 5, end_column: 2 }, data: { thing: 'p' } }] };
    const run = runRules(null, [lineRule(meta(), [1])], [], { helpBaseUrl: 'https://s' }, prior);
    assert.deepEqual(run.findings.map((f) => [f.rule_id, f.message, f.location.start_line]), [['CGD000', 'syntax p', 5], ['CGD999', 'bad x1', 1]]);
    const supp: Suppression = { kind: 'confgate', pragma: '# confgate', line: 4, ids: ['CGD000'] };
    const suppressed = runRules(null, [], [supp], { helpBaseUrl: 'https://s' }, prior);
    assert.deepEqual([suppressed.findings.length, suppressed.suppressed[0]?.rule_id], [0, 'CGD000']);
    assert.equal(runRules(null, [], [], { helpBaseUrl: 'https://s', disable: ['syntax'] }, prior).findings.length, 0);
  });
  it('suppresses by our id or name, and by other tools through equivalents, within the covered lines', () => {
    const supp = (kind: string, ids: string[], lines?: { from: number; to: number }): Suppression => ({ kind, pragma: `# ${kind}`, line: 1, ids, ...(lines ? { lines } : {}) });
    const cases: [Suppression, number][] = [
      [supp('confgate', ['CGD999']), 0],
      [supp('confgate', ['demo-rule']), 0],
      [supp('hadolint', ['DL9999']), 0],
      [supp('hadolint', ['DL0001']), 2],
      [supp('checkov', ['DL9999']), 2],
      [supp('confgate', ['CGD999'], { from: 2, to: 3 }), 1],
      [supp('kics', ['*'], { from: 5, to: 5 }), 1],
    ];
    for (const [s, remaining] of cases) {
      const run = runRules(null, [lineRule(meta(), [3, 5])], [s], { helpBaseUrl: 'h' });
      assert.equal(run.findings.length, remaining, JSON.stringify(s));
      assert.equal(run.suppressed.length, 2 - remaining);
      for (const x of run.suppressed) assert.equal(x.suppression.kind, s.kind);
    }
  });
  it('opt-in rules run only when enabled; disabled rules never', () => {
    const m = meta({ optIn: true });
    assert.equal(isEnabled(m, {}), false);
    assert.equal(isEnabled(m, { enable: ['demo-rule'] }), true);
    assert.equal(isEnabled(meta(), { disable: ['CGD999'] }), false);
  });
  it('a rule that throws is recorded, not propagated', () => {
    const boom: Rule<null> = { meta: meta(), check: () => { throw new Error('bug'); } };
    const run = runRules(null, [boom, lineRule(meta({ id: 'CGD998', name: 'other' }), [1])], [], { helpBaseUrl: 'h' });
    assert.deepEqual(run.ruleErrors, ['CGD999: bug']);
    assert.equal(run.findings.length, 1);
  });
  it('the ruleset version changes when a rule is re-rated', () => {
    assert.notEqual(rulesetVersion([meta()]), rulesetVersion([meta({ severity: 'high' })]));
    assert.equal(rulesetVersion([meta()]), rulesetVersion([meta()]));
  });
  it('a finding carries the severity its rule reported, else the metadata\'s', () => {
    const rule: Rule<null> = {
      meta: meta(),
      check: (_doc, report) => {
        report({ range: { start_line: 1, start_column: 1, end_line: 1, end_column: 2 }, severity: 'high' });
        report({ range: { start_line: 2, start_column: 1, end_line: 2, end_column: 2 } });
        report({ range: { start_line: 3, start_column: 1, end_line: 3, end_column: 2 }, severity: 'low' });
      },
    };
    const run = runRules(null, [rule], [], { helpBaseUrl: 'h' });
    assert.deepEqual(run.findings.map((f) => f.severity), ['high', 'medium', 'low']);
  });
  it('a configured severity (by id or name) wins over the reported one and the profile\'s', () => {
    const hardening = meta({ tags: ['hardening'], severity: 'low' });
    const cases: [Parameters<typeof findingSeverity>[1], Parameters<typeof findingSeverity>[2], string][] = [
      [undefined, {}, 'low'],
      ['medium', {}, 'medium'],
      [undefined, { profile: 'strict' }, 'high'],
      ['critical', { profile: 'strict' }, 'critical'],
      [undefined, { profile: 'recommended' }, 'low'],
      [undefined, { severity: { CGD999: 'info' } }, 'info'],
      ['high', { severity: { 'demo-rule': 'medium' } }, 'medium'],
      [undefined, { profile: 'strict', severity: { 'demo-rule': 'low' } }, 'low'],
      [undefined, { severity: { CGD999: 'critical', 'demo-rule': 'info' } }, 'critical'],
      [undefined, { severity: { OTHER: 'critical' } }, 'low'],
    ];
    for (const [reported, config, expected] of cases) assert.equal(findingSeverity(hardening, reported, config), expected, JSON.stringify([reported, config]));
    // Only hardening rules are raised by strict.
    assert.equal(findingSeverity(meta({ severity: 'low' }), undefined, { profile: 'strict' }), 'low');
    const run = runRules(null, [lineRule(hardening, [1])], [], { helpBaseUrl: 'h', profile: 'strict' });
    assert.equal(run.findings[0]!.severity, 'high');
  });
  it('strict runs the opt-in rules; a disabled rule stays off', () => {
    const m = meta({ optIn: true });
    assert.equal(isEnabled(m, { profile: 'strict' }), true);
    assert.equal(isEnabled(m, { profile: 'recommended' }), false);
    assert.equal(isEnabled(m, { profile: 'strict', disable: ['demo-rule'] }), false);
    assert.equal(runRules(null, [lineRule(m, [1])], [], { helpBaseUrl: 'h', profile: 'strict' }).findings.length, 1);
    assert.equal(runRules(null, [lineRule(m, [1])], [], { helpBaseUrl: 'h' }).findings.length, 0);
  });
  it('checks get the file\'s path and role, the profile, and their options over the defaults', () => {
    const seen: RuleContext[] = [];
    const spy = (m: RuleMeta): Rule<null> => ({ meta: m, check: (_doc, _report, ctx) => void seen.push(ctx) });
    const withOptions = meta({ id: 'CGD998', name: 'with-options', options: {
      registries: { type: 'string[]', description: 'r', default: ['docker.io'] },
      strictness: { type: 'number', description: 'n', default: 1 },
    } });
    runRules(null, [spy(meta()), spy(withOptions)], [], { helpBaseUrl: 'h', file: 'deploy/docker-compose.dev.yml', options: { 'with-options': { registries: ['ghcr.io'] } } });
    assert.deepEqual(seen.map((c) => [c.file, c.profile, c.options]), [
      [{ path: 'deploy/docker-compose.dev.yml', role: 'development' }, 'recommended', {}],
      [{ path: 'deploy/docker-compose.dev.yml', role: 'development' }, 'recommended', { registries: ['ghcr.io'], strictness: 1 }],
    ]);
    seen.length = 0;
    runRules(null, [spy(meta())], [], { helpBaseUrl: 'h', profile: 'strict' });
    assert.deepEqual([seen[0]!.file, seen[0]!.profile], [{ path: '', role: 'production' }, 'strict']);
    assert.deepEqual(ruleOptions(withOptions, { options: { CGD998: { strictness: 3, unknown: 1 } } }), { registries: ['docker.io'], strictness: 3 });
    assert.deepEqual(ruleOptions(meta(), { options: { CGD999: { x: 1 } } }), {});
  });
  it('the prior rule\'s own check runs after its prior reports', () => {
    const syntax: Rule<null> = { meta: meta({ id: 'CGD000', name: 'syntax' }), check: (_doc, report) => report({ range: { start_line: 1, start_column: 1, end_line: 1, end_column: 1 }, data: { thing: 'own' } }) };
    const prior = { rule: syntax, reports: [{ range: { start_line: 2, start_column: 1, end_line: 2, end_column: 2 }, data: { thing: 'parsed' } }] };
    assert.deepEqual(runRules(null, [], [], { helpBaseUrl: 'h' }, prior).findings.map((f) => f.message), ['bad parsed', 'bad own']);
    assert.deepEqual(runRules(null, [], [], { helpBaseUrl: 'h', disable: ['CGD000'] }, prior).findings, []);
  });
});
