// Property tests: on random and mutated YAML the Compose pipeline never throws, no rule errors, and every
// location lies inside the file.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { applyEdits } from '../../../test/support/mutate.ts';
import { runAnalyzer } from '../../core/analyze.ts';
import { composeAnalyzer } from '../../rules/compose/index.ts';

const seeds = ['hardened.compose.yaml', 'insecure.compose.yaml'].map((f) =>
  readFileSync(new URL(`../../../test/fixtures/compose/${f}`, import.meta.url), 'utf8'),
);

function check(text: string): void {
  const { run } = runAnalyzer(composeAnalyzer, text, { helpBaseUrl: 'h', enable: ['CGC024', 'CGC029'] });
  assert.deepEqual(run.ruleErrors, []);
  const lines = text.split('\n');
  for (const f of [...run.findings, ...run.suppressed]) {
    const { start_line: sl, start_column: sc, end_line: el, end_column: ec } = f.location;
    assert.ok(sl >= 1 && el >= sl && el <= lines.length, `${f.rule_id} lines ${sl}-${el} of ${lines.length}`);
    assert.ok(sc >= 1 && sc <= lines[sl - 1]!.length + 1, `${f.rule_id} start column ${sc}`);
    assert.ok(ec >= 1 && ec <= lines[el - 1]!.length + 1 && (el > sl || ec >= sc), `${f.rule_id} end column ${ec}`);
  }
}

/** Characters that matter to YAML and Compose, so mutations reach interesting states quickly. */
const token = fc.constantFrom('\n', ' ', '  ', ':', '- ', '#', '&a', '*a', '<<: ', '"', "'", '[', ']', '{', '}', ',', '|', '>', '---\n', '${', '}', '$$', '!reset ', 'services:', 'ports:', 'volumes:', '0.0.0.0:80:80', '/var/run/docker.sock:/s', '\t', '\r\n', 'é', '😀');

describe('compose fuzz', () => {
  it('random token soup never throws and stays in bounds', () => {
    fc.assert(fc.property(fc.array(fc.oneof(token, fc.string({ maxLength: 6 })), { maxLength: 80 }), (parts) => check(parts.join(''))), { numRuns: 400 });
  });
  it('mutated fixtures never throw and stay in bounds', () => {
    const mutation = fc.tuple(fc.constantFrom(...seeds), fc.array(fc.tuple(fc.nat(), fc.nat({ max: 8 }), fc.oneof(token, fc.string({ maxLength: 4 }))), { minLength: 1, maxLength: 6 }));
    fc.assert(
      fc.property(mutation, ([seed, edits]) => {
        check(applyEdits(seed, edits));
      }),
      { numRuns: 300 },
    );
  });
});
