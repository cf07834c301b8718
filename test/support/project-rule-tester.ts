// Table-driven project-rule tests: each case is a set of files run through the real project pipeline
// (`runProject`: detection, per-file analysis, build linking, project rules); valid sets yield no finding of
// the rule, invalid ones exactly the listed findings, each in its file at its exact position. The rule's
// multi-file metadata examples run too.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ExampleFile, Rule } from '../../src/core/rule.ts';
import type { Finding } from '../../src/core/types.ts';
import { runProject } from '../../src/analysis/analyze.ts';
import type { ProjectDoc } from '../../src/project/types.ts';

export interface ExpectedProjectFinding {
  file: string;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
  /** A substring the rendered message must contain. */
  message?: string;
}

export interface ProjectCase {
  name: string;
  files: ExampleFile[];
}

export interface InvalidProjectCase extends ProjectCase {
  errors: ExpectedProjectFinding[];
}

export interface ProjectRuleCases {
  valid: ProjectCase[];
  invalid: InvalidProjectCase[];
}

export function projectFindingsOf(rule: Rule<ProjectDoc>, files: readonly ExampleFile[]): Finding[] {
  const { report, ruleErrors } = runProject(files, { helpBaseUrl: 'http://test', enable: [rule.meta.id] });
  assert.deepEqual(ruleErrors, [], 'no rule may throw');
  return report.project_findings.filter((f) => f.rule_id === rule.meta.id);
}

export function testProjectRule(rule: Rule<ProjectDoc>, cases: ProjectRuleCases): void {
  describe(`${rule.meta.id} ${rule.meta.name}`, () => {
    for (const c of cases.valid) {
      it(`valid: ${c.name}`, () => {
        assert.deepEqual(projectFindingsOf(rule, c.files).map((f) => f.location), []);
      });
    }
    for (const c of cases.invalid) {
      it(`invalid: ${c.name}`, () => {
        const found = projectFindingsOf(rule, c.files);
        assert.equal(found.length, c.errors.length, `expected ${c.errors.length} finding(s), got ${JSON.stringify(found.map((f) => [f.location, f.message]))}`);
        c.errors.forEach((e, i) => {
          const f = found[i]!;
          assert.equal(f.location.file, e.file, 'file');
          assert.equal(f.location.start_line, e.line, 'start_line');
          assert.equal(f.location.start_column, e.column, 'start_column');
          if (e.endLine !== undefined) assert.equal(f.location.end_line, e.endLine, 'end_line');
          if (e.endColumn !== undefined) assert.equal(f.location.end_column, e.endColumn, 'end_column');
          if (e.message !== undefined) assert.ok(f.message.includes(e.message), `message "${f.message}" lacks "${e.message}"`);
        });
      });
    }
    rule.meta.examples.bad.forEach((ex, i) => {
      it(`metadata bad example ${i + 1} is reported`, () => {
        assert.ok(Array.isArray(ex), 'project examples are file sets');
        assert.ok(projectFindingsOf(rule, ex).length > 0);
      });
    });
    rule.meta.examples.good.forEach((ex, i) => {
      it(`metadata good example ${i + 1} is clean`, () => {
        assert.ok(Array.isArray(ex), 'project examples are file sets');
        assert.deepEqual(projectFindingsOf(rule, ex), []);
      });
    });
  });
}
