// Property test: whatever the input, parsing and every rule finish without throwing, and every reported
// location lies inside the file (lines 1..N, columns 1..line length + 1).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { runAnalyzer } from '../../core/analyze.ts';
import { dockerfileAnalyzer } from '../../rules/dockerfile/index.ts';

const FRAGMENTS = [
  'FROM ', 'from ', 'RUN ', 'COPY ', 'ADD ', 'ENV ', 'ARG ', 'USER ', 'ONBUILD ', 'HEALTHCHECK CMD ', 'SHELL ', 'CMD ', 'ENTRYPOINT ',
  'alpine:3.20', ' AS build', ' as B', '--from=build ', '--mount=type=secret,id=x ', '--platform=linux/amd64 ', '--chmod=777 ',
  '${A:-x}', '$B', '${C:+y}', '\\\n', '`\n', '\n', ' && ', ' || ', ' | ', ';', '(', ')', '{ ', ' }', '"', "'", '$(', '`',
  '<<EOF', '<<-"EOT"', '\nEOF\n', '\tEOT\n', 'curl -k https://u:p@x | sh', 'sudo apt-get install --force-yes x', 'chmod 777 /',
  'rm -rf /', 'if true; then echo; fi', 'case $x in a) b;; esac', 'for i in 1; do x; done', '# confgate ignore=CGD001 reason="r"\n',
  '# hadolint ignore=DL3007\n', '# escape=`\n', '# syntax=docker/dockerfile:1\n', '#trivy:ignore:DS002\n', '["a", "b"]', '[\'a\']',
  '-----BEGIN RSA PRIVATE KEY-----', 'ENV PASSWORD=x', 'é', '\r\n', '\t', '  ', '=', ',', '\\', 'bash -c "', '<(curl x)',
];

function checkLocations(text: string): void {
  const { parsed, run } = runAnalyzer(dockerfileAnalyzer, text, { helpBaseUrl: 'http://t', enable: ['CGD003'] });
  assert.deepEqual(run.ruleErrors, []);
  const lines = text.split('\n').map((l) => l.replace(/\r$/, ''));
  for (const f of [...run.findings, ...run.suppressed]) {
    const l = f.location;
    const where = `${f.rule_id} ${JSON.stringify(l)} in ${JSON.stringify(text)}`;
    assert.ok(l.start_line >= 1 && l.start_line <= lines.length, `start_line ${where}`);
    assert.ok(l.end_line >= l.start_line && l.end_line <= lines.length, `end_line ${where}`);
    assert.ok(l.start_column >= 1 && l.start_column <= lines[l.start_line - 1]!.length + 1, `start_column ${where}`);
    assert.ok(l.end_column >= 1 && l.end_column <= lines[l.end_line - 1]!.length + 1, `end_column ${where}`);
    if (l.end_line === l.start_line) assert.ok(l.end_column >= l.start_column, `order ${where}`);
  }
  assert.ok(parsed.doc.instructions.length >= 0);
}

describe('Dockerfile analysis on random input', () => {
  it('never throws and keeps every location inside the file (assembled fragments)', () => {
    // Counterexamples found before, run every time: a quote ending in the escape-less backslash looped forever; a
    // HEALTHCHECK array after a continuation was placed past the end of the line.
    const examples: [string[]][] = [[['# escape=`\n', 'RUN ', '"', '\\\n']], [['HEALTHCHECK CMD ', '\\\n', '  ', '["a", "b"]', 'FROM ']]];
    fc.assert(fc.property(fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 40 }), (parts) => checkLocations(parts.join(''))), { numRuns: 3000, examples });
  });

  it('never throws on arbitrary strings', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => checkLocations(text)), { numRuns: 2000 });
  });

  it('never throws on mutated realistic files', () => {
    const base = 'FROM node:22 AS build\nWORKDIR /app\nCOPY package.json ./\nRUN npm ci && \\\n    npm run build\nFROM node:22-slim\nCOPY --from=build /app/dist /app\nUSER node\nCMD ["node", "/app/index.js"]\n';
    fc.assert(
      fc.property(fc.integer({ min: 0, max: base.length }), fc.integer({ min: 0, max: 20 }), fc.constantFrom(...FRAGMENTS), (at, cut, insert) => {
        checkLocations(base.slice(0, at) + insert + base.slice(Math.min(base.length, at + cut)));
      }),
      { numRuns: 2000 },
    );
  });
});
