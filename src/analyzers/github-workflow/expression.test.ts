import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { contextPath, findExpressions, parseExpression, valuePaths } from './expression.ts';
import type { Expr } from './expression.ts';

/** A tree as compact text: calls, operators and paths, with each node's [start, end). */
function show(e: Expr): string {
  const at = `@${e.start}-${e.end}`;
  switch (e.kind) {
    case 'literal':
      return `${JSON.stringify(e.value)}${at}`;
    case 'context':
      return `${e.name}${at}`;
    case 'property':
      return `(${show(e.object)}.${e.name})${at}`;
    case 'star':
      return `(${show(e.object)}.*)${at}`;
    case 'index':
      return `(${show(e.object)}[${show(e.index)}])${at}`;
    case 'call':
      return `${e.name}(${e.args.map(show).join(', ')})${at}`;
    case 'not':
      return `!${show(e.operand)}${at}`;
    case 'binary':
      return `(${show(e.left)} ${e.op} ${show(e.right)})${at}`;
  }
}

describe('expression parser', () => {
  it('literals of every kind', () => {
    const cases: [string, unknown][] = [["'it''s'", "it's"], ["''''", "'"], ["''", ''], ["'a''''b'''", "a''b'"], ['42', 42], ['-1.5', -1.5], ['0xff', 255], ['1e3', 1000], ['true', true], ['FALSE', false], ['null', null]];
    for (const [src, value] of cases) {
      const { expr } = parseExpression(src);
      assert.deepEqual(expr?.kind === 'literal' && expr.value, value, src);
    }
  });
  it('operator precedence: ! over comparisons over == over && over ||, left to right', () => {
    assert.equal(show(parseExpression('a || b && !c == d < 1').expr!), '(a@0-1 || (b@5-6 && (!c@11-12@10-12 == (d@16-17 < 1@20-21)@16-21)@10-21)@5-21)@0-21');
    assert.equal(show(parseExpression('(a || b) && c').expr!), '((a@1-2 || b@6-7)@0-8 && c@12-13)@0-13');
  });
  it('calls, property and index access, stars, with offsets', () => {
    assert.equal(show(parseExpression("contains(github.event.pull_request.labels.*.name, 'ok')").expr!),
      'contains((((((github@9-15.event)@9-21.pull_request)@9-34.labels)@9-41.*)@9-43.name)@9-48, "ok"@50-54)@0-55');
    assert.equal(show(parseExpression("fromJSON(steps.a.outputs['m'])[0]").expr!), '(fromJSON((((steps@9-14.a)@9-16.outputs)@9-24["m"@25-28])@9-29)@0-30[0@31-32])@0-33');
  });
  it('errors say what and where', () => {
    assert.deepEqual(parseExpression('a ==').error, { message: 'unexpected end of the expression', start: 4, end: 4 });
    assert.deepEqual(parseExpression('a = b').error, { message: 'unexpected character "="', start: 2, end: 3 });
    assert.deepEqual(parseExpression("'open").error, { message: 'unterminated string literal', start: 0, end: 5 });
    assert.deepEqual(parseExpression('f(a b)').error, { message: 'expected ")"', start: 4, end: 5 });
    assert.deepEqual(parseExpression('a.').error, { message: 'expected a property name after "."', start: 2, end: 2 });
    assert.deepEqual(parseExpression('').error, { message: 'empty expression', start: 0, end: 0 });
    assert.deepEqual(parseExpression('12abc').error, { message: 'invalid number "12a"', start: 0, end: 3 });
  });
  it('finds expressions in a string; a }} inside a string literal does not close one', () => {
    const found = findExpressions("echo ${{ a }} and ${{ format('{0}}}', b) }}!");
    assert.deepEqual(found.map((e) => [e.start, e.end, e.source.trim()]), [[5, 13, 'a'], [18, 43, "format('{0}}}', b)"]]);
    assert.deepEqual(findExpressions('no ${ { here }'), []);
  });
  it('context paths are lower-cased, literal indexes read as names or stars', () => {
    const path = (s: string) => contextPath(parseExpression(s).expr!);
    assert.equal(path("GitHub.Event['PULL_REQUEST'].head.REF"), 'github.event.pull_request.head.ref');
    assert.equal(path('github.event.commits[0].message'), 'github.event.commits.*.message');
    assert.equal(path('github.event.commits.*.message'), 'github.event.commits.*.message');
    assert.equal(path('github.event[inputs.key]'), undefined);
    assert.equal(path("format('{0}', a)"), undefined);
  });
  it('the values an expression yields as text: operands of || and &&, format and join arguments, not predicates', () => {
    const paths = (s: string) => valuePaths(parseExpression(s).expr!).map((v) => v.path);
    assert.deepEqual(paths("github.event.issue.title || 'x'"), ['github.event.issue.title']);
    assert.deepEqual(paths("format('{0} {1}', github.head_ref, github.sha)"), ['github.head_ref', 'github.sha']);
    assert.deepEqual(paths("contains(github.event.issue.title, 'x')"), []);
    assert.deepEqual(paths("github.event.issue.title == 'x'"), []);
    assert.deepEqual(paths('github.event[matrix.k]'), ['github.event.*']);
  });
});
