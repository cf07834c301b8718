import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Report } from '../../core/rule.ts';
import type { Range } from '../../core/types.ts';
import { parseShell } from './shell.ts';
import { LineIndex } from '../line-index.ts';
import { fileSource } from './source.ts';
import { simpleCommands } from './query.ts';
import type { Script } from './types.ts';

const at = (r: Range): string => `${r.start_line}:${r.start_column}-${r.end_line}:${r.end_column}`;

function parse(text: string): { script: Script; errors: Report[] } {
  const errors: Report[] = [];
  const script = parseShell(fileSource(text, 0, text.length), { index: new LineIndex(text), errors });
  return { script, errors };
}

const names = (s: Script): string[] => simpleCommands(s).map((c) => c.words.map((w) => w.value).join(' '));

describe('parseShell', () => {
  it('splits lists, and-or chains and pipelines', () => {
    const { script, errors } = parse('a 1 && b || c; d | e |& f & g');
    assert.deepEqual(errors, []);
    assert.equal(script.items.length, 3);
    assert.deepEqual(script.items[0]!.ops, ['&&', '||']);
    assert.equal(script.items[1]!.pipelines[0]!.commands.length, 3);
    assert.deepEqual(names(script), ['a 1', 'b', 'c', 'd', 'e', 'f', 'g']);
  });

  it('removes quotes and keeps raw text and exact ranges', () => {
    const { script } = parse(`echo "a b" 'c'd \\e $HOME "$(id -u)"`);
    const cmds = simpleCommands(script);
    const echo = cmds[0]!;
    assert.deepEqual(echo.words.map((w) => w.value), ['echo', 'a b', 'cd', 'e', '$HOME', '$(id -u)']);
    assert.equal(echo.words[1]!.raw, '"a b"');
    assert.equal(at(echo.words[1]!.range), '1:6-1:11');
    assert.equal(echo.words[4]!.dynamic, true);
    assert.equal(cmds[1]!.words[0]!.value, 'id', 'command substitutions are parsed');
    assert.equal(at(cmds[1]!.words[0]!.range), '1:29-1:31');
  });

  it('reads assignments and redirections', () => {
    const { script } = parse('DEBIAN_FRONTEND=noninteractive apt-get install x > /dev/null 2>&1');
    const c = simpleCommands(script)[0]!;
    assert.deepEqual(c.assignments.map((a) => [a.name, a.value.value]), [['DEBIAN_FRONTEND', 'noninteractive']]);
    assert.deepEqual(c.words.map((w) => w.value), ['apt-get', 'install', 'x']);
    assert.deepEqual(c.redirects.map((r) => [r.op, r.fd, r.target?.value]), [['>', undefined, '/dev/null'], ['>&', 2, '1']]);
  });

  it('parses subshells, groups, if/for/while/case and function bodies', () => {
    const { script, errors } = parse(
      '(cd /x && make) ; { a; b; } ; if [ -f x ]; then c; elif d; then e; else f; fi; for i in 1 $(g); do h $i; done; while read l; do i; done < file; case $x in a|b) j ;; *) k ;; esac; fn() { l; }',
    );
    assert.deepEqual(errors, []);
    assert.deepEqual(names(script), ['cd /x', 'make', 'a', 'b', '[ -f x ]', 'c', 'd', 'e', 'f', '', 'g', 'h $i', '', 'read l', 'i', '', 'j', 'k', 'l']);
  });

  it('parses sh -c and bash -c bodies recursively with positions in the file', () => {
    const text = `sudo bash -ec "apt-get update && curl -k 'https://x'"`;
    const { script } = parse(text);
    const cmds = simpleCommands(script);
    assert.deepEqual(names(script), ["sudo bash -ec apt-get update && curl -k 'https://x'", 'apt-get update', 'curl -k https://x']);
    const k = cmds[2]!.words[1]!;
    assert.equal(k.value, '-k');
    assert.equal(text.slice(k.range.start_column - 1, k.range.end_column - 1), '-k');
  });

  it('skips heredoc bodies inside scripts', () => {
    const { script } = parse('cat <<EOT > /etc/x\ncurl -k nope\nEOT\necho done\n');
    assert.deepEqual(names(script), ['cat', 'echo done']);
  });

  it('reports unterminated quotes, unbalanced parentheses and dangling operators', () => {
    assert.equal(at(parse('echo "abc').errors[0]!.range), '1:6-1:10');
    assert.equal(parse("echo 'abc").errors.length, 1);
    assert.equal(parse('(echo a').errors.length, 1);
    assert.equal(parse('echo a )').errors.length, 1);
    assert.equal(parse('echo a &&').errors.length, 1);
    assert.equal(parse('echo a | ').errors.length, 1);
    assert.equal(parse('echo $(a').errors.length, 1);
  });

  it('does not overflow on deep nesting', () => {
    const deep = '('.repeat(5000) + 'x' + ')'.repeat(5000);
    const { errors } = parse(deep);
    assert.ok(errors.length >= 1);
    const subst = '$('.repeat(3000) + 'x' + ')'.repeat(3000);
    assert.doesNotThrow(() => parse(`echo ${subst}`));
  });
});
