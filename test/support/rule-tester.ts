// Table-driven rule tests: valid code yields no finding of the rule, invalid code yields exactly the listed
// findings at exact positions, and every example in the rule's metadata behaves as it claims.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runAnalyzer } from '../../src/core/analyze.ts';
import type { FileAnalyzer } from '../../src/core/analyze.ts';
import type { Rule } from '../../src/core/rule.ts';
import type { Finding, Severity } from '../../src/core/types.ts';

export interface ExpectedFinding {
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
  /** A substring the rendered message must contain. */
  message?: string;
  /** The finding's own severity, for rules whose severity depends on the file (`meta.severityContext`). */
  severity?: Severity;
}

export interface InvalidCase {
  code: string;
  errors: ExpectedFinding[];
  name?: string;
  /** The file's name as submitted (its role — development, test, CI, example — comes from it). */
  file?: string;
}

export interface RuleCases {
  /** Code without a finding of the rule; `{code, file}` analyses it under that file name. */
  valid: (string | { code: string; file: string })[];
  invalid: InvalidCase[];
}

export function findingsOf<D>(analyzer: FileAnalyzer<D>, rule: Rule<D>, code: string, file?: string): Finding[] {
  const { run } = runAnalyzer(analyzer, code, { helpBaseUrl: 'http://test', enable: [rule.meta.id], ...(file === undefined ? {} : { file }) });
  assert.deepEqual(run.ruleErrors, [], 'no rule may throw');
  return run.findings.filter((f) => f.rule_id === rule.meta.id);
}

function label(code: string): string {
  const oneLine = code.replace(/\n/g, '⏎');
  return oneLine.length > 70 ? `${oneLine.slice(0, 67)}...` : oneLine;
}

export function testRule<D>(analyzer: FileAnalyzer<D>, rule: Rule<D>, cases: RuleCases): void {
  describe(`${rule.meta.id} ${rule.meta.name}`, () => {
    for (const v of cases.valid) {
      const { code, file } = typeof v === 'string' ? { code: v, file: undefined } : v;
      it(`valid: ${file ? `${file}: ` : ''}${label(code)}`, () => {
        assert.deepEqual(findingsOf(analyzer, rule, code, file).map((f) => f.location), []);
      });
    }
    for (const c of cases.invalid) {
      it(`invalid: ${c.name ?? label(c.code)}`, () => {
        const found = findingsOf(analyzer, rule, c.code, c.file);
        assert.equal(found.length, c.errors.length, `expected ${c.errors.length} finding(s), got ${JSON.stringify(found.map((f) => f.location))}`);
        c.errors.forEach((e, i) => {
          const f = found[i]!;
          assert.equal(f.location.start_line, e.line, 'start_line');
          assert.equal(f.location.start_column, e.column, 'start_column');
          if (e.endLine !== undefined) assert.equal(f.location.end_line, e.endLine, 'end_line');
          if (e.endColumn !== undefined) assert.equal(f.location.end_column, e.endColumn, 'end_column');
          if (e.message !== undefined) assert.ok(f.message.includes(e.message), `message "${f.message}" lacks "${e.message}"`);
          if (e.severity !== undefined) assert.equal(f.severity, e.severity, 'severity');
        });
      });
    }
    rule.meta.examples.bad.forEach((ex, i) => {
      if (typeof ex !== 'string') return;
      it(`metadata bad example ${i + 1} is reported`, () => {
        assert.ok(findingsOf(analyzer, rule, ex).length > 0);
      });
    });
    rule.meta.examples.good.forEach((ex, i) => {
      if (typeof ex !== 'string') return;
      it(`metadata good example ${i + 1} is clean`, () => {
        assert.deepEqual(findingsOf(analyzer, rule, ex), []);
      });
    });
  });
}
