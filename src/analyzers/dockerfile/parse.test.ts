import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseDockerfile } from './parse.ts';
import { parseImageRef } from './image.ts';
import type { Range } from '../../core/types.ts';

const at = (r: Range): string => `${r.start_line}:${r.start_column}-${r.end_line}:${r.end_column}`;

describe('parseDockerfile: lines and instructions', () => {
  it('joins continuations, drops comment and blank lines inside them, keeps exact positions', () => {
    const { doc, syntaxErrors } = parseDockerfile('FROM alpine\nRUN apk add \\\n    # a comment\n\n    curl \\\n  && echo ok\n');
    assert.deepEqual(syntaxErrors, []);
    const run = doc.instructions[1]!;
    assert.equal(run.kind, 'RUN');
    assert.equal(run.argsText, 'apk add     curl   && echo ok');
    assert.equal(at(run.range), '2:1-6:13');
    assert.equal(doc.comments.filter((c) => c.inInstruction).length, 1);
    const words = run.script!.items[0]!.pipelines[1]!.commands[0]!;
    assert.equal(words.type, 'command');
  });

  it('keeps the keyword casing and upper-cases the kind', () => {
    const { doc } = parseDockerfile('from alpine\nrun echo hi\n');
    assert.equal(doc.instructions[1]!.kind, 'RUN');
    assert.equal(doc.instructions[1]!.keyword.raw, 'run');
  });

  it('reads parser directives only at the top, and honours escape=`', () => {
    const { doc, syntaxErrors } = parseDockerfile('# escape=`\r\n# syntax=docker/dockerfile:1\r\nFROM mcr.microsoft.com/windows/servercore:ltsc2022\r\nRUN powershell -Command `\r\n    Write-Host hi\r\n# escape=\\\r\n');
    assert.deepEqual(syntaxErrors, []);
    assert.equal(doc.escape, '`');
    assert.deepEqual(doc.directives.map((d) => [d.name, d.value]), [['escape', '`'], ['syntax', 'docker/dockerfile:1']]);
    assert.equal(doc.instructions[1]!.argsText, 'powershell -Command     Write-Host hi');
    assert.equal(at(doc.instructions[1]!.range), '4:1-5:18');
  });

  it('reports a duplicate directive and an invalid escape', () => {
    const { syntaxErrors } = parseDockerfile('# escape=x\n# escape=\\\nFROM a\n');
    assert.deepEqual(syntaxErrors.map((e) => e.range.start_line), [1, 2]);
  });

  it('parses heredocs: several per instruction, <<- tab stripping, quoted delimiters', () => {
    const text = 'FROM alpine\nCOPY <<a.txt <<"b.txt" /dest/\nhello $X\na.txt\nworld\nb.txt\nRUN <<-EOT\n\techo one\n\tEOT\nRUN echo after\n';
    const { doc, syntaxErrors } = parseDockerfile(text);
    assert.deepEqual(syntaxErrors, []);
    const copy = doc.instructions[1]!;
    assert.deepEqual(copy.heredocs.map((h) => [h.name, h.quoted, h.body.text]), [['a.txt', false, 'hello $X\n'], ['b.txt', true, 'world\n']]);
    assert.equal(at(copy.range), '2:1-6:6');
    const run = doc.instructions[2]!;
    assert.equal(run.heredocs[0]!.body.text, 'echo one\n');
    const echo = run.heredocs[0]!.script!.items[0]!.pipelines[0]!.commands[0]!;
    assert.equal(at(echo.range), '8:2-8:10');
    assert.equal(doc.instructions[3]!.argsText, 'echo after');
  });

  it('does not treat a RUN heredoc that feeds a program as a shell script', () => {
    const { doc } = parseDockerfile('FROM python\nRUN python3 <<EOF\nimport os\nEOF\n');
    assert.equal(doc.instructions[1]!.heredocs[0]!.script, undefined);
  });

  it('reports an unterminated heredoc at its marker and keeps going', () => {
    const { doc, syntaxErrors } = parseDockerfile('FROM a\nRUN <<EOF\necho\n');
    assert.equal(syntaxErrors.length, 1);
    assert.equal(at(syntaxErrors[0]!.range), '2:5-2:10');
    assert.equal(doc.instructions.length, 2);
  });

  it('reads flags with positions and mount options', () => {
    const { doc, syntaxErrors } = parseDockerfile('FROM a\nRUN --mount=type=secret,id=npmrc,target=/root/.npmrc --network=none npm ci\nCOPY --link --chmod=755 a b\n');
    assert.deepEqual(syntaxErrors, []);
    const run = doc.instructions[1]!;
    assert.deepEqual(run.flags.map((f) => f.name), ['mount', 'network']);
    assert.deepEqual(run.flags[0]!.options.map((o) => [o.key, o.value]), [['type', 'secret'], ['id', 'npmrc'], ['target', '/root/.npmrc']]);
    assert.equal(at(run.flags[0]!.options[1]!.range), '2:25-2:33');
    assert.equal(run.argsText, 'npm ci');
    const copy = doc.instructions[2]!;
    assert.equal(copy.flags[0]!.value, undefined);
    assert.deepEqual(copy.args.map((a) => a.value), ['a', 'b']);
  });

  it('reports unknown flags of instructions that take flags', () => {
    const { syntaxErrors } = parseDockerfile('FROM a\nCOPY --form=builder a b\n');
    assert.equal(syntaxErrors.length, 1);
    assert.equal(at(syntaxErrors[0]!.range), '2:6-2:12');
  });

  it('tells exec form from shell form', () => {
    const { doc } = parseDockerfile('FROM a\nCMD ["node", "server.js"]\nENTRYPOINT [\'sh\']\n');
    assert.deepEqual(doc.instructions[1]!.json?.map((j) => j.value), ['node', 'server.js']);
    assert.equal(doc.instructions[1]!.script, undefined);
    assert.equal(doc.instructions[2]!.json, undefined, 'single quotes are not JSON: Docker runs it in a shell');
    assert.ok(doc.instructions[2]!.script);
  });

  it('parses ONBUILD with its inner instruction, HEALTHCHECK CMD and NONE', () => {
    const { doc, syntaxErrors } = parseDockerfile('FROM a\nONBUILD RUN curl -k x\nHEALTHCHECK --interval=5s CMD curl -f http://localhost/ || exit 1\nHEALTHCHECK NONE\nONBUILD FROM b\n');
    assert.equal(syntaxErrors.length, 1);
    assert.equal(doc.instructions[1]!.onbuild!.kind, 'RUN');
    assert.ok(doc.instructions[1]!.onbuild!.script);
    assert.equal(doc.instructions[2]!.healthcheck!.none, false);
    assert.equal(doc.instructions[2]!.script!.items[0]!.pipelines.length, 2);
    assert.equal(doc.instructions[3]!.healthcheck!.none, true);
  });

  it('reports unknown instructions and missing arguments but keeps parsing', () => {
    const { doc, syntaxErrors } = parseDockerfile('FROM a\nFOO bar\nWORKDIR\nUSER app\n');
    assert.deepEqual(syntaxErrors.map((e) => e.messageId), ['unknown', 'arguments']);
    assert.equal(doc.instructions[3]!.kind, 'USER');
  });

  it('does not parse RUN as POSIX shell after a PowerShell SHELL', () => {
    const { doc, syntaxErrors } = parseDockerfile('FROM a\nSHELL ["powershell", "-Command"]\nRUN $x = "unterminated\n');
    assert.deepEqual(syntaxErrors, []);
    assert.equal(doc.instructions[2]!.script, undefined);
  });
});

describe('parseDockerfile: stages and variables', () => {
  it('builds stages with names, indexes, base-stage references and the final stage', () => {
    const { doc } = parseDockerfile('ARG V=20\nFROM node:${V}-alpine AS Build\nRUN x\nFROM build\nFROM scratch\n');
    assert.equal(doc.stages.length, 3);
    assert.equal(doc.stages[0]!.name!.value, 'Build');
    assert.equal(doc.stages[0]!.image!.tag, '20-alpine');
    assert.equal(doc.stages[1]!.image!.stage, doc.stages[0]);
    assert.equal(doc.stages[2]!.image!.scratch, true);
    assert.deepEqual(doc.stages.map((s) => s.finalStage), [false, false, true]);
    assert.equal(doc.instructions[2]!.stage, doc.stages[0]);
    assert.equal(doc.globalArgs.get('V'), '20');
  });

  it('resolves ${VAR}, defaults and alternatives from ARG and ENV per stage', () => {
    const { doc } = parseDockerfile(
      'ARG REG=docker.io\nARG TAG\nFROM ${REG}/library/alpine:${TAG:-3.20}\nARG TAG\nENV HOME=/home/app EMPTY=\nWORKDIR ${HOME}/src\nUSER ${UNSET-nobody}:${EMPTY:+x}${HOME:+y}\nCOPY $MISSING /x\n',
    );
    const from = doc.stages[0]!;
    assert.equal(from.imageWord!.resolved, 'docker.io/library/alpine:3.20');
    assert.deepEqual(from.image!.registry, 'docker.io');
    const workdir = doc.instructions[5]!;
    assert.equal(workdir.args[0]!.resolved, '/home/app/src');
    assert.equal(workdir.args[0]!.raw, '${HOME}/src');
    assert.equal(doc.instructions[6]!.args[0]!.resolved, 'nobody:y');
    assert.deepEqual(doc.instructions[7]!.args[0]!.unresolved, ['MISSING']);
    assert.equal(workdir.env.get('TAG'), undefined);
    assert.ok(workdir.env.has('TAG'), 'ARG TAG is declared though without a value');
  });

  it('keeps legacy ENV key value form and multiple pairs', () => {
    const { doc } = parseDockerfile('FROM a\nENV PATH /usr/local/bin:$PATH\nENV A=1 B="two words" C=\'$A\'\n');
    assert.equal(doc.instructions[1]!.pairs[0]!.value!.value, '/usr/local/bin:$PATH');
    assert.deepEqual(doc.instructions[2]!.pairs.map((p) => [p.key.value, p.value?.resolved]), [['A', '1'], ['B', 'two words'], ['C', '$A']]);
  });

  it('lets a stage built FROM another inherit its ENV but not its ARGs', () => {
    const { doc } = parseDockerfile('FROM a AS base\nARG X=1\nENV Y=2\nFROM base\nRUN true\n');
    const run = doc.instructions[4]!;
    assert.equal(run.env.get('Y'), '2');
    assert.equal(run.env.has('X'), false);
  });

  it('analyzes fragments without FROM', () => {
    const { doc, syntaxErrors } = parseDockerfile('RUN curl -k https://x\nUSER root\n');
    assert.deepEqual(syntaxErrors, []);
    assert.equal(doc.stages.length, 0);
    assert.equal(doc.instructions.length, 2);
  });
});

describe('parseImageRef', () => {
  it('splits registry, path, tag and digest', () => {
    assert.deepEqual(parseImageRef('localhost:5000/team/app:1.2@sha256:abc'), { text: 'localhost:5000/team/app:1.2@sha256:abc', registry: 'localhost:5000', repository: 'team/app', tag: '1.2', digest: 'sha256:abc', scratch: false });
    assert.deepEqual(parseImageRef('bitnami/redis'), { text: 'bitnami/redis', repository: 'bitnami/redis', scratch: false });
    assert.equal(parseImageRef('ghcr.io/o/r:latest').registry, 'ghcr.io');
  });
});
