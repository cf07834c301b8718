// Property tests: on random and mutated workflows and actions the GitHub Actions pipeline (YAML tree, expressions,
// uses references, run: scripts, schema validation, every rule) never throws, no rule errors, and every location
// lies inside the file; random workflow-shaped trees reach deep into GitHub's schema.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { applyEdits } from '../../../test/support/mutate.ts';
import { runAnalyzer } from '../../core/analyze.ts';
import { actionAnalyzer } from '../../rules/github-action/index.ts';
import { workflowAnalyzer } from '../../rules/github-workflow/index.ts';
import { findExpressions } from './expression.ts';
import { parseGha } from './parse.ts';
import { parseUses } from './uses.ts';

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
  it('workflow-shaped trees of schema keys and odd values never throw and stay in bounds', () => {
    const key = fc.constantFrom('on', 'jobs', 'j', 'runs-on', 'RUNS-ON', 'steps', 'run', 'uses', 'with', 'if', 'env', 'shell', 'permissions', 'strategy', 'matrix', 'include', 'types', 'branches', 'push', 'issues', 'workflow_dispatch', 'inputs', 'runs', 'using', 'container', 'services', 'needs', 'timeout-minutes', '${{ x }}', '<<', 'x');
    const scalar = fc.constantFrom('', 'push', 'true', '1', '-3.5', 'null', "'${{ secrets.A }}'", '${{ github.ref }}', 'secrets.A == 1', 'always()', '${{ foo( }}', 'actions/checkout@v4', 'docker://alpine', './x', 'opened', 'write-all', '[a, b]', '{}', '[]', 'é😀');
    type Tree = string | { [k: string]: Tree } | Tree[];
    const { tree } = fc.letrec<{ tree: Tree }>((tie) => ({
      tree: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, fc.dictionary(key, tie('tree'), { maxKeys: 4 }), fc.array(tie('tree'), { maxLength: 3 })),
    }));
    const yaml = (t: Tree, indent: string): string => {
      if (typeof t === 'string') return ` ${t}\n`;
      if (Array.isArray(t)) return t.length === 0 ? ' []\n' : `\n${t.map((v) => `${indent}-${yaml(v, `${indent}  `)}`).join('')}`;
      const keys = Object.keys(t);
      return keys.length === 0 ? ' {}\n' : `\n${keys.map((k) => `${indent}${k}:${yaml(t[k]!, `${indent}  `)}`).join('')}`;
    };
    fc.assert(fc.property(fc.dictionary(key, tree, { maxKeys: 5 }), (root) => check(yaml(root, '').replace(/^\n/, ''))), { numRuns: 300 });
  });
  it('uses: any string is read without throwing, into parts of itself', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.array(fc.constantFrom('o', '/', '@', '.', 'docker://', './', '../', ' ', 'v1', ':'), { maxLength: 12 }).map((a) => a.join(''))), (raw) => {
        const ref = parseUses(raw);
        assert.equal(ref.raw, raw);
        if (ref.kind === 'repository') for (const part of [ref.owner, ref.repo, ref.path, ref.ref ?? '']) assert.ok(raw.includes(part), part);
      }),
      { numRuns: 500 },
    );
  });
  it('run: scripts are placed inside the file', () => {
    const mutation = fc.tuple(fc.constantFrom(...seeds), fc.array(fc.tuple(fc.nat(), fc.nat({ max: 8 }), fc.oneof(token, fc.string({ maxLength: 4 }))), { minLength: 1, maxLength: 6 }));
    fc.assert(
      fc.property(mutation, ([seed, edits]) => {
        const text = applyEdits(seed, edits);
        const lines = text.split('\n').length;
        for (const kind of ['workflow', 'action'] as const) {
          for (const step of parseGha(text, kind).doc.steps) {
            if (!step.run) continue;
            const { source, script } = step.run;
            // The script's text maps back to file offsets inside the file; its parsed statements to lines inside it.
            for (let i = 1; i < source.segments.length; i += 2) assert.ok(source.segments[i]! >= 0 && source.segments[i]! <= text.length);
            assert.ok(source.end <= text.length);
            for (const item of script?.items ?? []) {
              const r = item.range;
              assert.ok(r.start_line >= 1 && r.end_line >= r.start_line && r.end_line <= lines, JSON.stringify(r));
            }
          }
        }
      }),
      { numRuns: 200 },
    );
  });
  it('deep nesting is an error, not a stack overflow', () => {
    const [deep] = findExpressions(`\${{ ${'('.repeat(5000)}1${')'.repeat(5000)} }}`);
    assert.match(deep!.error!.message, /nested too deeply/);
    const [nots] = findExpressions(`\${{ ${'!'.repeat(5000)}true }}`);
    assert.match(nots!.error!.message, /nested too deeply/);
  });
});
