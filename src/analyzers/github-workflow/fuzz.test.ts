// Property tests: on random and mutated workflows and actions the GitHub Actions pipeline (YAML tree, expressions,
// uses references, run: scripts, every rule) never throws, no rule errors, and every location lies inside the file.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { applyEdits } from '../../../test/support/mutate.ts';
import { runAnalyzer } from '../../core/analyze.ts';
import { actionAnalyzer } from '../../rules/github-action/index.ts';
import { workflowAnalyzer } from '../../rules/github-workflow/index.ts';
import { findExpressions } from './expression.ts';

const fixture = (f: string) => readFileSync(new URL(`../../../test/fixtures/${f}`, import.meta.url), 'utf8');
const seeds = ['github-workflow/hardened.yml', 'github-workflow/insecure.yml', 'github-action/composite.yml'].map(fixture);

function check(text: string): void {
  for (const analyzer of [workflowAnalyzer, actionAnalyzer]) {
    const { run } = runAnalyzer(analyzer, text, { helpBaseUrl: 'h' });
    assert.deepEqual(run.ruleErrors, []);
    const lines = text.split('\n');
    for (const f of [...run.findings, ...run.suppressed]) {
      const { start_line: sl, start_column: sc, end_line: el, end_column: ec } = f.location;
      assert.ok(sl >= 1 && el >= sl && el <= lines.length, `${f.rule_id} lines ${sl}-${el} of ${lines.length}`);
      assert.ok(sc >= 1 && sc <= lines[sl - 1]!.length + 1, `${f.rule_id} start column ${sc}`);
      assert.ok(ec >= 1 && ec <= lines[el - 1]!.length + 1 && (el > sl || ec >= sc), `${f.rule_id} end column ${ec}`);
    }
  }
}

/** Characters that matter to YAML, expressions and shell scripts, so mutations reach interesting states quickly. */
const token = fc.constantFrom(
  '\n', ' ', '  ', ':', '- ', '#', '&a', '*a', '<<: ', '"', "'", '[', ']', '{', '}', ',', '|', '>', '---\n', '\t', '\r\n', 'é', '😀',
  '${{', '}}', '${{ github.event.issue.title }}', ' == ', '&&', '||', '!', '(', ')', '.*', "'it''s'", '0x1F', 'toJSON(secrets)',
  'run: ', 'uses: ', '@v1', '@main', 'docker://', './', 'needs: ', 'jobs:', 'on:', 'steps:', 'shell: pwsh', 'cron: ', '$(', '`', '\\',
  '# zizmor: ignore[template-injection]', '# confgate ignore=CGW001', '::set-output ',
);

describe('github actions fuzz', () => {
  it('random token soup never throws and stays in bounds', () => {
    fc.assert(fc.property(fc.array(fc.oneof(token, fc.string({ maxLength: 6 })), { maxLength: 80 }), (parts) => check(parts.join(''))), { numRuns: 300 });
  });
  it('mutated fixtures never throw and stay in bounds', () => {
    const mutation = fc.tuple(fc.constantFrom(...seeds), fc.array(fc.tuple(fc.nat(), fc.nat({ max: 8 }), fc.oneof(token, fc.string({ maxLength: 4 }))), { minLength: 1, maxLength: 6 }));
    fc.assert(fc.property(mutation, ([seed, edits]) => check(applyEdits(seed, edits))), { numRuns: 200 });
  });
  it('expressions: any string is searched and parsed without throwing, spans inside it', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(token, fc.string({ maxLength: 5 })), { maxLength: 40 }), (parts) => {
        const s = parts.join('');
        for (const e of findExpressions(s)) {
          assert.ok(e.start >= 0 && e.end <= s.length && e.start < e.end);
          if (e.error) assert.ok(e.error.start >= e.start && e.error.end <= e.end && e.error.start < e.error.end, JSON.stringify(e.error));
          if (e.expr) assert.ok(e.expr.start >= e.inner.start && e.expr.end <= e.inner.end);
        }
      }),
      { numRuns: 500 },
    );
  });
  it('deep nesting is an error, not a stack overflow', () => {
    const [deep] = findExpressions(`\${{ ${'('.repeat(5000)}1${')'.repeat(5000)} }}`);
    assert.match(deep!.error!.message, /nested too deeply/);
    const [nots] = findExpressions(`\${{ ${'!'.repeat(5000)}true }}`);
    assert.match(nots!.error!.message, /nested too deeply/);
  });
});
