import assert from 'node:assert/strict';
import { it } from 'node:test';
import { testRule } from '../../../test/support/rule-tester.ts';
import { parseDotenv } from '../../analyzers/dotenv/parse.ts';
import { dotenvAnalyzer } from './index.ts';
import { rule } from './syntax-error.ts';

testRule(dotenvAnalyzer, rule, {
  valid: [
    '',
    '# comment\n\nA=1\nexport B = two words \nC: yaml-style\nD\nE="multi\nline"\nF=\'it\\\'s\'\nG.H-I[0]=x\n',
    'URL=http://x#frag\n',
    'A=1',
  ],
  invalid: [
    { code: 'A=1\nmy-secret-pa$$word\nB=2\n', errors: [{ line: 2, column: 13, endLine: 2, endColumn: 14, message: 'a variable name can hold only' }], name: 'a value pasted without a name' },
    { code: 'MY KEY=1\n', errors: [{ line: 1, column: 3, endLine: 1, endColumn: 4, message: 'cannot contain a space' }] },
    { code: 'A=1\nB="never closed\nC=3\n', errors: [{ line: 2, column: 3, endLine: 2, endColumn: 4, message: 'never closed' }] },
    { code: "A='x\\'\n", errors: [{ line: 1, column: 3, endLine: 1, endColumn: 4, message: 'never closed' }], name: 'an escaped quote does not close' },
    { code: 'export A$B=1\n', errors: [{ line: 1, column: 9, endLine: 1, endColumn: 10 }] },
  ],
});

it('keeps names and where they are written, and no value', () => {
  const { doc } = parseDotenv('A=secret-a\nexport B="secret\nb"\nC\n  D : secret-d\n');
  assert.deepEqual(doc.entries.map((e) => [e.name, e.range.start_line, e.range.start_column, e.range.end_column, e.inherited]), [
    ['A', 1, 1, 2, false], ['B', 2, 8, 9, false], ['C', 4, 1, 2, true], ['D', 5, 3, 4, false],
  ]);
  assert.doesNotMatch(JSON.stringify(doc), /secret/);
});

it('stops at the first error, as Compose does', () => {
  const { doc, syntaxErrors } = parseDotenv('A=1\nB C=2\nD=3\nE F=4\n');
  assert.equal(doc.usable, false);
  assert.equal(syntaxErrors.length, 1);
  assert.deepEqual(doc.entries.map((e) => e.name), ['A']);
});
