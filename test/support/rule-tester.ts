// Table-driven rule tests: valid code yields no finding of the rule, invalid code yields exactly the listed
// findings at exact positions, and every example in the rule's metadata behaves as it claims.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runAnalyzer } from '../../src/core/analyze.ts';
import type { FileAnalyzer } from '../../src/core/analyze.ts';
import type { Rule, RuleOptionValue } from '../../src/core/rule.ts';
import { singleFileExample } from '../../src/core/rule.ts';
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
  /** The rule's options for this case (`rules.options.<rule>` of a request), over its metadata's defaults. */
  options?: Readonly<Record<string, RuleOptionValue>>;
}

/** A clean case: code, or code under a file name and/or with the rule's options. */
export type ValidCase = string | { code: string; file?: string; options?: Readonly<Record<string, RuleOptionValue>> };

export interface RuleCases {
  /** Code without a finding of the rule; `{code, file, options}` analyses it under that file name, with those options. */
  valid: ValidCase[];
  invalid: InvalidCase[];
}

export function findingsOf<D>(analyzer: FileAnalyzer<D>, rule: Rule<D>, code: string, file?: string, options?: Readonly<Record<string, RuleOptionValue>>): Finding[] {
  const { run } = runAnalyzer(analyzer, code, {
    helpBaseUrl: 'http://test',
    enable: [rule.meta.id],
    ...(file === undefined ? {} : { file }),
    ...(options === undefined ? {} : { options: { [rule.meta.id]: options } }),
  });
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
      const { code, file, options } = typeof v === 'string' ? { code: v, file: undefined, options: undefined } : v;
      it(`valid: ${file ? `${file}: ` : ''}${options ? `${JSON.stringify(options)}: ` : ''}${label(code)}`, () => {
        assert.deepEqual(findingsOf(analyzer, rule, code, file, options).map((f) => f.location), []);
      });
    }
    for (const c of cases.invalid) {
      it(`invalid: ${c.name ?? label(c.code)}`, () => {
        const found = findingsOf(analyzer, rule, c.code, c.file, c.options);
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
    // An example with options runs with them, as the docs show it and the report snapshots send it.
    rule.meta.examples.bad.forEach((example, i) => {
      const ex = singleFileExample(example);
      if (!ex) return;
      it(`metadata bad example ${i + 1} is reported`, () => {
        assert.ok(findingsOf(analyzer, rule, ex.content, undefined, ex.options).length > 0);
      });
    });
    rule.meta.examples.good.forEach((example, i) => {
      const ex = singleFileExample(example);
      if (!ex) return;
      it(`metadata good example ${i + 1} is clean`, () => {
        assert.deepEqual(findingsOf(analyzer, rule, ex.content, undefined, ex.options), []);
      });
    });
  });
}
