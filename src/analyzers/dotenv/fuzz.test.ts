// Property tests for the two name-only file types: on random text the .env and .dockerignore parsers never throw and
// place every finding inside the file; a .env value never reaches the model, a finding or its message.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { runAnalyzer } from '../../core/analyze.ts';
import { dockerignoreAnalyzer } from '../../rules/dockerignore/index.ts';
import { dotenvAnalyzer } from '../../rules/dotenv/index.ts';
import { parseDotenv } from './parse.ts';

function inside(text: string, findings: { location: { start_line: number; start_column: number; end_line: number; end_column: number } }[]): void {
  const lines = text.split('\n');
  for (const { location: { start_line: sl, start_column: sc, end_line: el, end_column: ec } } of findings) {
    assert.ok(sl >= 1 && el >= sl && el <= lines.length, `lines ${sl}-${el} of ${lines.length}`);
    assert.ok(sc >= 1 && sc <= lines[sl - 1]!.length + 1 && ec >= 1 && ec <= lines[el - 1]!.length + 1, `columns ${sc}-${ec}`);
  }
}

const token = fc.constantFrom('\n', ' ', '=', ':', '#', '"', "'", '\\', 'export ', 'A', 'b_1', '.', '-', '[', ']', '!', '*', '**', '?', '/', '\r\n', '\t', 'é', '😀', '\uFEFF', '$', '{', '}');
const text = fc.array(token, { maxLength: 60 }).map((t) => t.join(''));

describe('.env and .dockerignore fuzz', () => {
  it('never throw; findings lie inside the file', () => {
    fc.assert(fc.property(text, (t) => {
      for (const analyzer of [dotenvAnalyzer, dockerignoreAnalyzer] as const) {
        const { run } = runAnalyzer(analyzer as typeof dotenvAnalyzer, t, { helpBaseUrl: 'h' });
        assert.deepEqual(run.ruleErrors, []);
        inside(t, [...run.findings, ...run.suppressed]);
      }
    }), { numRuns: 400 });
  });

  it('a value is in no part of the model and no finding, however the file is broken', () => {
    const value = fc.stringMatching(/^[A-Za-z0-9+/@%!]{12,24}$/);
    const quote = fc.constantFrom('', '"', "'");
    const tail = fc.constantFrom('', '\n', '"', ' # x', '\nB C=1');
    fc.assert(fc.property(value, quote, tail, fc.boolean(), (v, q, end, nameless) => {
      const t = nameless ? `A=1\n${v}\n` : `A=1\nSECRET=${q}${v}${end}\nC=3\n`;
      // A line that is only a name (as a pasted value may read) is a variable Compose inherits: the model keeps it as
      // a name, which no rule echoes.
      if (!nameless) assert.ok(!JSON.stringify(parseDotenv(t).doc).includes(v));
      const { run } = runAnalyzer(dotenvAnalyzer, t, { helpBaseUrl: 'h' });
      for (const f of run.findings) {
        assert.ok(!JSON.stringify(f).includes(v), 'a finding echoes the value');
        // The finding points at one character, never at the value.
        assert.equal(f.location.end_column - f.location.start_column, 1);
      }
    }), { numRuns: 300 });
  });
});
