// Docker's .dockerignore semantics (moby/patternmatcher MatchesOrParentMatches after ignorefile.ReadAll), as a table:
// the file's lines, then paths of the context and whether Docker leaves them out.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decide } from './match.ts';
import { parseDockerignore } from './parse.ts';

const cases: { name: string; file: string; excluded: string[]; kept: string[] }[] = [
  { name: 'a plain name: itself and everything below it, at the root only', file: 'foo\n', excluded: ['foo', 'foo/bar', 'foo/bar/baz.txt'], kept: ['a/foo', 'foobar', 'fo'] },
  { name: 'a leading / is dropped, a trailing / cleaned away', file: '/foo/\n', excluded: ['foo', 'foo/x'], kept: ['a/foo'] },
  { name: '* does not cross /: *.pem is the root only (unlike .gitignore)', file: '*.pem\n', excluded: ['a.pem', '.pem'], kept: ['certs/a.pem', 'a.pem.txt'] },
  { name: '**/ matches any depth, even none', file: '**/*.pem\n', excluded: ['a.pem', 'certs/a.pem', 'a/b/c.pem'], kept: ['a.pem.bak'] },
  { name: '**/name is a suffix: the name anywhere and all below it', file: '**/node_modules\n', excluded: ['node_modules', 'web/node_modules', 'web/node_modules/x/y.js'], kept: ['node_modules_old', 'my-node_modules'] },
  { name: '**name without / is a plain suffix', file: '**foo\n', excluded: ['foo', 'xfoo', 'a/foo'], kept: ['foox'] },
  { name: 'a trailing ** is a prefix; the directory itself is not its own child', file: 'node_modules/**\n', excluded: ['node_modules/x', 'node_modules/a/b'], kept: ['node_modules', 'web/node_modules/x'] },
  { name: 'a** after literals is a prefix', file: 'a**\n', excluded: ['a', 'abc', 'a/b'], kept: ['ba'] },
  { name: '** in the middle: zero or more directories', file: 'a/**/b\n', excluded: ['a/b', 'a/x/b', 'a/x/y/b', 'a/x/b/c'], kept: ['a/xb', 'b'] },
  { name: '** alone: everything', file: '**\n', excluded: ['a', 'a/b', '.env'], kept: [] },
  { name: '* alone: every root entry, so everything', file: '*\n', excluded: ['a', 'a/b', '.git'], kept: [] },
  { name: '? is one character but /', file: '?.txt\n', excluded: ['a.txt'], kept: ['ab.txt', '.txt', 'd/a.txt'] },
  { name: '[...] classes pass through; ^ negates', file: '[ab].txt\n[^xyz].md\n', excluded: ['a.txt', 'b.txt', 'c.md'], kept: ['c.txt', 'x.md'] },
  { name: '[!a] is no negation in Docker (as in Go): it is "!" or "a"', file: '[!a].txt\n', excluded: ['a.txt', '!.txt'], kept: ['b.txt'] },
  { name: 'a \\ escapes a wildcard', file: '\\*.txt\n', excluded: ['*.txt'], kept: ['a.txt'] },
  { name: 'regular expression characters are literal', file: 'a+b(1).txt\n', excluded: ['a+b(1).txt'], kept: ['aab1.txt'] },
  { name: '.env* is the root only', file: '.env*\n', excluded: ['.env', '.env.local', '.envrc'], kept: ['config/.env', 'env'] },
  { name: 'the last matching pattern decides: an exception after', file: '*.md\n!README.md\n', excluded: ['CHANGES.md'], kept: ['README.md', 'docs/x.md'] },
  { name: 'the last matching pattern decides: an exception before is overridden', file: '!README.md\n*.md\n', excluded: ['README.md', 'CHANGES.md'], kept: [] },
  { name: 'an exception inside an excluded directory', file: 'docs\n!docs/keep.md\n', excluded: ['docs', 'docs/x.md'], kept: ['docs/keep.md'] },
  { name: 'an exception re-excluded', file: '*\n!src\nsrc/secret.key\n', excluded: ['a', 'src/secret.key'], kept: ['src', 'src/main.go'] },
  { name: '! with spaces, and a leading / after it', file: '*\n!  /app\n', excluded: ['x'], kept: ['app', 'app/y'] },
  { name: 'a # not in the first column is part of the pattern; comments and blank lines are skipped', file: '# secret\n\n  # notes  \n', excluded: ['# notes'], kept: ['secret', '# secret'] },
  { name: 'cleaning folds . and ..', file: './a/../b\nc/./d\n', excluded: ['b', 'c/d'], kept: ['a', 'a/b'] },
  { name: 'surrounding whitespace and CRLF are trimmed', file: '  foo  \r\nbar\r\n', excluded: ['foo', 'bar'], kept: [' foo'] },
  { name: 'a UTF-8 BOM before the first pattern is dropped', file: '\uFEFFfoo\n', excluded: ['foo'], kept: [] },
  { name: 'the path . (the context) is never excluded', file: '*\n', excluded: [], kept: ['.'] },
];

describe('.dockerignore matching (moby/patternmatcher)', () => {
  for (const c of cases) {
    it(c.name, () => {
      const { doc, syntaxErrors } = parseDockerignore(c.file);
      assert.deepEqual(syntaxErrors, []);
      const compiled = doc.patterns.map((p) => p.compiled);
      for (const path of c.excluded) assert.equal(decide(compiled, path).excluded, true, `${JSON.stringify(path)} is excluded`);
      for (const path of c.kept) assert.equal(decide(compiled, path).excluded, false, `${JSON.stringify(path)} is kept`);
    });
  }
  it('names the pattern that decided', () => {
    const compiled = parseDockerignore('*.md\n!README*\nREADME.old.md\n').doc.patterns.map((p) => p.compiled);
    assert.deepEqual(decide(compiled, 'README.md'), { excluded: false, by: 1 });
    assert.deepEqual(decide(compiled, 'README.old.md'), { excluded: true, by: 2 });
    assert.deepEqual(decide(compiled, 'main.go'), { excluded: false });
  });
});

describe('.dockerignore patterns Docker refuses', () => {
  const refused: [string, string, number, number, number][] = [
    ['!\n', 'bareExclusion', 1, 1, 2],
    ['ok\n  ! \n', 'bareExclusion', 2, 3, 4],
    ['[abc\n', 'badPattern', 1, 1, 5],
    ['[]a]\n', 'badPattern', 1, 1, 5],
    ['[a-]\n', 'badPattern', 1, 1, 5],
    ['[-a]\n', 'badPattern', 1, 1, 5],
    ['foo\\\n', 'badPattern', 1, 1, 5],
    ['!x[\n', 'badPattern', 1, 1, 4],
  ];
  for (const [file, messageId, line, start, end] of refused) {
    it(JSON.stringify(file), () => {
      const { doc, syntaxErrors } = parseDockerignore(file);
      assert.equal(doc.usable, false);
      assert.deepEqual(syntaxErrors.map((e) => [e.messageId, e.range.start_line, e.range.start_column, e.range.end_column]), [[messageId, line, start, end]]);
    });
  }
  it('valid classes and escapes are accepted', () => {
    const { doc, syntaxErrors } = parseDockerignore('[a-z]*\n[\\]]\n\\[x\n[^a-c]\n');
    assert.deepEqual(syntaxErrors, []);
    assert.equal(doc.usable, true);
    assert.equal(doc.patterns.length, 4);
  });
});
