// Property test of `fix: "safe"` (issue 23) on generated files: lines of the rules' own bad and good examples, and of
// the fix table's inputs, assembled and mutated. Whatever the file, fixing never lowers the score, never adds a
// syntax error, never adds a finding of any rule, keeps every instruction or YAML value no fix touched, and fixing
// the result again changes nothing.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { analyzeFile } from '../src/analysis/analyze.ts';
import { fixFile, fixFileRun, MAX_FIX_PASSES } from '../src/analysis/fix.ts';
import { FILE_TYPES } from '../src/analysis/file-types/index.ts';
import type { Finding } from '../src/core/types.ts';
import { CASES } from './support/fix-cases.ts';
import { fixUnits, FILENAMES, unitsNotKept } from './support/fix-laws.ts';
import { spliceEdits } from '../src/core/fix.ts';

const OPTIONS = { helpBaseUrl: 'http://test' };

function counts(findings: readonly Finding[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const f of findings) out.set(f.rule_id, (out.get(f.rule_id) ?? 0) + 1);
  return out;
}

/** Checks the laws; returns how many fixes applied (the tests check the generators make fixable files). */
function checkFixing(type: string, content: string): number {
  const input = { filename: FILENAMES[type]!, content, fileType: type as never };
  const { report: result, passes, edits } = fixFileRun(input, OPTIONS, 'safe');
  const { fixed } = result;
  const where = `${type}:\n${content}\n--- fixed:\n${fixed.content}`;
  assert.ok(fixed.score >= result.score, `score ${result.score} → ${fixed.score} in ${where}`);
  const after = analyzeFile({ ...input, content: fixed.content }, OPTIONS);
  assert.equal(after.score, fixed.score, where);
  assert.equal(after.findings.length, fixed.remaining, where);
  const before = counts(result.findings);
  for (const [id, n] of counts(after.findings)) assert.ok(n <= (before.get(id) ?? 0), `${id}: ${before.get(id) ?? 0} → ${n} in ${where}`);
  if (fixed.applied === 0) assert.equal(fixed.content, content);
  // Units: pass by pass, every instruction or value no edit of the pass touches is found unchanged at its place. Not
  // judged on a file that does not parse: the structure read from it is the parser's guess, and the text outside the
  // edits is kept by construction (spliceEdits).
  const parses = (r: { findings: readonly Finding[] }) => !r.findings.some((f) => f.category === 'syntax');
  let text = content;
  let report = result as { findings: readonly Finding[] };
  for (const pass of edits) {
    const next = spliceEdits(text, pass);
    if (parses(report)) assert.deepEqual(unitsNotKept(type, text, next, pass), [], `units changed outside the edits in ${where}`);
    text = next;
    report = analyzeFile({ ...input, content: text }, OPTIONS);
  }
  assert.equal(text, fixed.content);
  // Idempotent: fixing the fixed file applies nothing (unless the pass limit stopped the first run short).
  const again = fixFile({ ...input, content: fixed.content }, OPTIONS, 'safe');
  if (passes < MAX_FIX_PASSES) {
    assert.equal(again.fixed.applied, 0, `a second fixing applies ${again.fixed.applied} more in ${where}\n--- again:\n${again.fixed.content}`);
    assert.equal(again.fixed.content, fixed.content);
  }
  return fixed.applied;
}

/** Lines of every example and fix case of a type: the material files are assembled from. */
function linesOf(type: string): string[] {
  const rules = FILE_TYPES.find((t) => t.id === type)!.analyzer.rules;
  const texts = [
    ...rules.flatMap((r) => [...r.meta.examples.bad, ...r.meta.examples.good]).filter((e): e is string => typeof e === 'string'),
    ...CASES.filter((c) => fixUnits(type, c.code).length > 0 && FILENAMES[type] && c.rule.startsWith({ dockerfile: 'CGD', compose: 'CGC', 'github-workflow': 'CGW', 'github-action': 'CGA' }[type]!)).map((c) => c.code),
  ];
  return texts;
}

describe('fix: "safe" on generated files', () => {
  it('Dockerfiles: lines of examples assembled in any order, keywords re-cased', () => {
    const lines = linesOf('dockerfile').flatMap((t) => t.split('\n')).filter((l) => l.trim() !== '' && !l.startsWith('FROM'));
    const froms = linesOf('dockerfile').flatMap((t) => t.split('\n')).filter((l) => l.startsWith('FROM'));
    let fixedFiles = 0;
    fc.assert(
      fc.property(fc.constantFrom(...froms), fc.array(fc.constantFrom(...lines), { maxLength: 12 }), fc.boolean(), fc.boolean(), (from, body, lower, blankLines) => {
        let text = [from, ...body].join(blankLines ? '\n\n' : '\n') + '\n';
        if (lower) text = text.replace(/^([A-Z]+) /gm, (_, k: string) => `${k.toLowerCase()} `);
        if (checkFixing('dockerfile', text) > 0) fixedFiles++;
      }),
      { numRuns: 400 },
    );
    assert.ok(fixedFiles > 100, `${fixedFiles} of 400 generated files had something to fix`);
  });

  for (const type of ['dockerfile', 'compose', 'github-workflow', 'github-action']) {
    it(`${type}: examples and fix cases, cut and spliced`, () => {
      const texts = linesOf(type);
      let fixedFiles = 0;
      fc.assert(
        fc.property(fc.constantFrom(...texts), fc.constantFrom(...texts), fc.nat(), fc.nat(), (a, b, i, j) => {
          // A prefix of one file's lines followed by a suffix of another's: realistic structure, new combinations.
          const la = a.split('\n');
          const lb = b.split('\n');
          const text = [...la.slice(0, (i % la.length) + 1), ...lb.slice(j % lb.length)].join('\n');
          if (checkFixing(type, text) > 0) fixedFiles++;
        }),
        { numRuns: 300 },
      );
      // The generator exercises fixes (a few percent of spliced Compose files, more of the others).
      assert.ok(fixedFiles > 0, `${fixedFiles} of 300 generated files had something to fix`);
    });
  }

  it('every fix case\'s input, fixed once, is a fixed point', () => {
    for (const c of CASES) {
      const type = { CGD: 'dockerfile', CGC: 'compose', CGW: 'github-workflow', CGA: 'github-action' }[c.rule.slice(0, 3)]!;
      if ((c.safety ?? 'safe') === 'safe') assert.ok(checkFixing(type, c.code) > 0, c.rule);
      else checkFixing(type, c.code);
    }
  });
});
