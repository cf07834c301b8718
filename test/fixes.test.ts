// Fixes (issue 23), rule by rule: a table of exact corrections, and the laws every fix of every fixable rule obeys on
// the table's inputs and on the rules' own bad examples — applying it removes its finding, adds no finding of another
// rule, and the fixed file parses with every other instruction or YAML value unchanged, at its place. And the table is
// complete: every fix (and its safety) a rule proposes on its bad examples and table-test cases has a case.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { analyzeFile } from '../src/analysis/analyze.ts';
import { runAnalyzer } from '../src/core/analyze.ts';
import type { FileAnalyzer } from '../src/core/analyze.ts';
import { singleFileExample } from '../src/core/rule.ts';
import type { RuleOptionValue } from '../src/core/rule.ts';
import { FILE_TYPES } from '../src/analysis/file-types/index.ts';
import { applyFixes, lineStarts, placeFix } from '../src/core/fix.ts';
import type { Fix } from '../src/core/fix.ts';
import type { Finding } from '../src/core/types.ts';
import { FILENAMES, unitsNotKept } from './support/fix-laws.ts';
import { CASES } from './support/fix-cases.ts';

const TYPE_OF: Record<string, string> = { CGD: 'dockerfile', CGC: 'compose', CGW: 'github-workflow', CGA: 'github-action' };

function analyze(rule: string, content: string) {
  const fileType = TYPE_OF[rule.slice(0, 3)]!;
  return analyzeFile({ filename: FILENAMES[fileType]!, content, fileType: fileType as never }, { helpBaseUrl: 'http://test', enable: [rule] });
}

function count(findings: readonly Finding[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const f of findings) out.set(f.rule_id, (out.get(f.rule_id) ?? 0) + 1);
  return out;
}

/** The laws for one fix of one finding of `rule` in `code`. */
function checkLaws(rule: string, code: string, finding: Finding & { fix: Fix }): void {
  const fileType = TYPE_OF[rule.slice(0, 3)]!;
  const placed = placeFix(code, lineStarts(code), finding.fix);
  assert.ok(placed, `${rule}: the fix's edits lie in the file and do not overlap`);
  assert.ok(finding.fix.description.length > 0);
  const { text, applied } = applyFixes(code, [{ rule_id: rule, fix: finding.fix }]);
  assert.equal(applied, 1);
  assert.notEqual(text, code, `${rule}: the fix changes the file`);
  const before = analyze(rule, code);
  const after = analyze(rule, text);
  const was = count(before.findings);
  const now = count(after.findings);
  assert.ok((now.get(rule) ?? 0) < (was.get(rule) ?? 0), `${rule}: the fix removes its finding in\n${text}`);
  for (const [id, n] of now) if (id !== rule) assert.ok(n <= (was.get(id) ?? 0), `${rule}: the fix adds a ${id} finding in\n${text}\n${JSON.stringify(after.findings.filter((f) => f.rule_id === id).map((f) => f.message))}`);
  // Re-parses, every unit the edits do not touch unchanged and in its place (shifted by the lines edits add before it).
  const sorted = [...placed].sort((a, b) => a.start - b.start || a.end - b.end);
  for (const u of unitsNotKept(fileType, code, text, sorted)) assert.fail(`${rule}: "${u}" is unchanged in\n${text}`);
}

describe('fixes: exact corrections, rule by rule', () => {
  for (const c of CASES) {
    it(`${c.rule}: ${JSON.stringify(c.code).slice(0, 80)}`, () => {
      const report = analyze(c.rule, c.code);
      const own = report.findings.filter((f): f is Finding & { fix: Fix } => f.rule_id === c.rule && f.fix !== undefined);
      assert.ok(own.length > 0, `${c.rule} reports a fixable finding`);
      for (const f of own) assert.equal(f.fix.safety, c.safety ?? 'safe');
      let text = c.code;
      for (let pass = 0; pass < 10; pass++) {
        const next = applyFixes(text, analyze(c.rule, text).findings.filter((f) => f.rule_id === c.rule && f.fix).map((f) => ({ rule_id: c.rule, fix: f.fix! })));
        if (next.applied === 0) break;
        text = next.text;
      }
      assert.equal(text, c.fixed);
      for (const f of own) checkLaws(c.rule, c.code, f);
    });
  }
});

describe('fixes: the laws on every fixable rule\'s bad examples', () => {
  const fixable = new Set(CASES.map((c) => c.rule));
  for (const type of FILE_TYPES) {
    for (const rule of type.analyzer.rules) {
      if (!fixable.has(rule.meta.id)) continue;
      rule.meta.examples.bad.forEach((ex, i) => {
        if (typeof ex !== 'string') return;
        it(`${rule.meta.id} ${rule.meta.name}: bad example ${i + 1}`, () => {
          const report = analyze(rule.meta.id, ex);
          for (const f of report.findings) if (f.rule_id === rule.meta.id && f.fix) checkLaws(rule.meta.id, ex, f as Finding & { fix: Fix });
        });
      });
    }
  }

  it('at least 40 rules have safe fixes, across Dockerfile, Compose and workflows', () => {
    const safe = new Set(CASES.filter((c) => (c.safety ?? 'safe') === 'safe').map((c) => c.rule));
    assert.ok(safe.size >= 40, `${safe.size} rules with safe fixes`);
    for (const prefix of ['CGD', 'CGC', 'CGW']) assert.ok([...safe].some((id) => id.startsWith(prefix)), prefix);
  });
});

/** A JavaScript string literal's body, its escapes decoded (a line continuation is nothing). */
function unescapeLiteral(body: string): string {
  const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0' };
  return body.replace(/\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|\r?\n|[^])/g, (_, e: string) => {
    if (e.startsWith('u')) return String.fromCodePoint(parseInt(e[1] === '{' ? e.slice(2, -1) : e.slice(1), 16));
    if (e.startsWith('x')) return String.fromCharCode(parseInt(e.slice(1), 16));
    if (e.endsWith('\n')) return '';
    return simple[e] ?? e;
  });
}

/** The `code:` strings of a rule's table test beside it (src/rules/<type>/<name>.test.ts): its invalid cases, read as
 * literals from the source (importing the file would register its tests). Codes built from variables are not reached. */
function ruleTestCodes(type: string, name: string): string[] {
  const file = `src/rules/${type}/${name}.test.ts`;
  if (!existsSync(file)) return [];
  const literal = /\bcode:\s*(?:"((?:[^"\\\n]|\\[^])*)"|'((?:[^'\\\n]|\\[^])*)'|`((?:[^`\\$]|\\[^]|\$(?!\{))*)`)/g;
  return [...readFileSync(file, 'utf8').matchAll(literal)].map((m) => unescapeLiteral(m[1] ?? m[2] ?? m[3]!));
}

const reachedByType = new Map<string, Set<string>>();

/** The fixes the rules of a file type propose on their bad examples and table-test cases: `<rule id> <safety>`. */
function reachedFixes(type: (typeof FILE_TYPES)[number]): Set<string> {
  const known = reachedByType.get(type.id);
  if (known) return known;
  const out = new Set<string>();
  reachedByType.set(type.id, out);
  const analyzer = type.analyzer as FileAnalyzer<unknown>;
  for (const rule of analyzer.rules) {
    const inputs: { content: string; options?: Readonly<Record<string, RuleOptionValue>> }[] = [
      ...rule.meta.examples.bad.flatMap((ex) => singleFileExample(ex) ?? []),
      ...ruleTestCodes(type.id, rule.meta.name).map((content) => ({ content })),
    ];
    for (const { content, options } of inputs) {
      const { run } = runAnalyzer(analyzer, content, { helpBaseUrl: 'http://test', enable: [rule.meta.id], ...(options ? { options: { [rule.meta.id]: options } } : {}) });
      for (const f of run.findings) if (f.rule_id === rule.meta.id && f.fix) out.add(`${f.rule_id} ${f.fix.safety}`);
    }
  }
  return out;
}

describe('fixes: every rule whose findings carry a fix has fix cases of that safety', () => {
  const tabled = new Set(CASES.map((c) => `${c.rule} ${c.safety ?? 'safe'}`));
  for (const type of FILE_TYPES) {
    it(`${type.id}: the fixes of the rules' bad examples and table-test cases are in test/support/fix-cases.ts`, () => {
      const found = reachedFixes(type);
      assert.deepEqual([...found].filter((k) => !tabled.has(k)), [], 'rule and fix safety without a case of that safety in test/support/fix-cases.ts');
    });
  }
  // The other way round: each case's rule and safety shows in its rule's bad examples or table test (a fixable invalid
  // case there), so that the check above fails when a case is removed from the table.
  it('every fix case\'s rule proposes a fix of that safety on its bad examples or table-test cases', () => {
    const reached = new Set(FILE_TYPES.flatMap((t) => [...reachedFixes(t)]));
    assert.deepEqual([...tabled].filter((k) => !reached.has(k)), [], 'add an invalid case with a fixable input to the rule\'s table test');
  });
});
