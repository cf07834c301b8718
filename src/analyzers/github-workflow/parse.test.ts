import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { simpleCommands } from '../dockerfile/query.ts';
import { parseAction } from '../github-action/parse.ts';
import { detectAction } from '../github-action/detect.ts';
import { detectWorkflow } from './detect.ts';
import { parseWorkflow } from './parse.ts';
import { parseUses } from './uses.ts';

/** The source text of a file range (one line). */
const at = (text: string, r: { start_line: number; start_column: number; end_column: number }) => text.split('\n')[r.start_line - 1]!.slice(r.start_column - 1, r.end_column - 1);

describe('workflow model', () => {
  const text = [
    'on:',
    '  push:',
    '  pull_request_target:',
    '    types: [opened]',
    'jobs:',
    '  a:',
    '    runs-on: ubuntu-24.04',
    '    defaults:',
    '      run:',
    '        shell: sh',
    '    steps:',
    '      - run: |',
    '          echo one',
    '            echo "${{ github.sha }}" two',
    '      - run: >',
    '          echo folded',
    '          ${{ github.ref }}',
    '  b:',
    '    needs: a',
    '    runs-on: [self-hosted, windows]',
    '    steps:',
    '      - run: Write-Output "${{ github.sha }}"',
    '      - uses: docker://alpine:3.20',
    '',
  ].join('\n');
  const { doc, syntaxErrors } = parseWorkflow(text);
  it('reads triggers, jobs, needs and steps', () => {
    assert.deepEqual(syntaxErrors, []);
    assert.deepEqual(doc.on.map((t) => t.name), ['push', 'pull_request_target']);
    assert.deepEqual(doc.jobs.map((j) => [j.id, j.needs.map((n) => n.value), j.steps.length]), [['a', [], 2], ['b', ['a'], 2]]);
    assert.deepEqual(doc.steps.map((s) => s.uses?.ref.kind ?? s.run?.shell), ['sh', 'sh', 'pwsh', 'docker']);
  });
  it('places expressions of block scalars, literal and folded, exactly in the file', () => {
    assert.deepEqual(doc.expressions.map((e) => [e.path.join('.'), at(text, e.range)]), [
      ['jobs.a.steps.0.run', '${{ github.sha }}'],
      ['jobs.a.steps.1.run', '${{ github.ref }}'],
      ['jobs.b.steps.0.run', '${{ github.sha }}'],
    ]);
    assert.equal(doc.expressions[0]!.range.start_line, 14);
  });
  it('parses POSIX scripts into commands with file positions; leaves pwsh as text', () => {
    const words = simpleCommands(doc.steps[0]!.run!.script!).map((c) => c.words.map((w) => at(text, w.range)));
    assert.deepEqual(words, [['echo', 'one'], ['echo', '"${{ github.sha }}"', 'two']]);
    assert.equal(doc.steps[2]!.run!.script, undefined);
  });
});

describe('action model', () => {
  it('reads a composite action\'s steps; other actions have none', () => {
    const { doc } = parseAction('name: a\nruns:\n  using: composite\n  steps:\n    - run: echo\n      shell: bash\n    - uses: actions/cache@v4\n');
    assert.equal(doc.kind, 'action');
    assert.deepEqual(doc.steps.map((s) => [s.run?.shell, s.uses?.str.value]), [['bash', undefined], [undefined, 'actions/cache@v4']]);
    assert.deepEqual(parseAction('name: a\nruns:\n  using: node20\n  main: index.js\n').doc.steps, []);
  });
});

describe('uses references', () => {
  it('repository actions and workflows, local paths, images and nonsense', () => {
    assert.deepEqual(parseUses('actions/checkout@v4'), { kind: 'repository', owner: 'actions', repo: 'checkout', path: '', ref: 'v4', raw: 'actions/checkout@v4' });
    assert.deepEqual(parseUses('github/codeql-action/init@v3'), { kind: 'repository', owner: 'github', repo: 'codeql-action', path: 'init', ref: 'v3', raw: 'github/codeql-action/init@v3' });
    assert.equal(parseUses('o/r/.github/workflows/ci.yml@main').kind, 'repository');
    assert.deepEqual(parseUses('o/r'), { kind: 'repository', owner: 'o', repo: 'r', path: '', ref: undefined, raw: 'o/r' });
    assert.deepEqual(parseUses('./.github/actions/x'), { kind: 'local', path: './.github/actions/x', raw: './.github/actions/x' });
    assert.deepEqual(parseUses('docker://ghcr.io/o/i:1'), { kind: 'docker', image: 'ghcr.io/o/i:1', raw: 'docker://ghcr.io/o/i:1' });
    assert.equal(parseUses('just-a-name').kind, 'invalid');
  });
});

describe('detection by content', () => {
  it('a workflow has on and jobs; an action has runs with using; Compose files are neither', () => {
    assert.equal(detectWorkflow('on: push\njobs:\n  a: {}\n')?.confidence, 0.9);
    assert.equal(detectWorkflow('services:\n  web:\n    image: x\n'), undefined);
    assert.equal(detectAction('name: a\nruns:\n  using: composite\n  steps: []\n')?.confidence, 0.9);
    assert.equal(detectAction('runs:\n  using: docker\n  image: Dockerfile\n')?.confidence, 0.7);
    assert.equal(detectAction('on: push\njobs: {}\nruns:\n  using: node20\n'), undefined);
  });
});
