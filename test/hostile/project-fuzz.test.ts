// Project analysis on random file sets (the per-analyzer fuzz tests cover one file at a time): the real fixture
// projects mutated at random, with names shuffled between directories, files dropped or duplicated under other
// names, compose `build:`/`dockerfile:`/`env_file:` pointing anywhere (`..`, absolute, missing, to itself),
// `extends` of services in other submitted (or missing) files, looping back and forth, `include` of files (itself,
// each other, missing, interpolated, merged lists), workflows building and calling files anywhere (docker build,
// build-push-action, compose -f, local reusable workflows), and random texts as extra files. runProject never throws, no project rule errors, every project finding
// names a file of the submission and lies inside it, and the score is consistent.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { applyEdits } from '../support/mutate.ts';
import { runProject } from '../../src/analysis/analyze.ts';
import type { FileInput } from '../../src/analysis/analyze.ts';

const ROOT = new URL('../fixtures/project/', import.meta.url).pathname;

function filesUnder(dir: string, prefix = ''): FileInput[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full, `${prefix}${name}/`) : [{ filename: `${prefix}${name}`, content: readFileSync(full, 'utf8') }];
  });
}

const SEEDS = ['hardened', 'insecure'].flatMap((p) => filesUnder(path.join(ROOT, p)));
const NAMES = ['Dockerfile', 'compose.yaml', 'docker-compose.yml', 'api/Dockerfile', 'web/Dockerfile', 'db/Dockerfile', 'docs/Dockerfile', '../Dockerfile',
  '/abs/Dockerfile', 'a/../Dockerfile', './Dockerfile', 'web/Dockerfile.dev', 'compose.override.yaml', 'x.compose.yaml', 'Containerfile', 'a b/Dockerfile', 'é/Dockerfile'];
/** Lines that tie files together, inserted anywhere into compose files. */
const LINKS = ['\n    build: .', '\n    build: ..', '\n    build: /', '\n    build: ./web', '\n    build:\n      context: api\n      dockerfile: ../db/Dockerfile',
  '\n    build:\n      context: .\n      dockerfile: compose.yaml', '\n    build:\n      dockerfile: Dockerfile\n      target: nope', '\n    env_file: .env', '\n    env_file: ../../etc/passwd',
  '\n    user: root', '\n    ports: ["80:80"]', '\n  other:\n    build: web\n    ports: ["80:80"]', '\n    extends: { service: other }', '\n    build: { context: "${CTX}" }',
  '\n    extends: { file: compose.yaml, service: web }', '\n    extends: { file: docker-compose.yml, service: api }', '\n    extends: { file: ../compose.override.yaml, service: db }',
  '\n    extends:\n      file: ./x.compose.yaml\n      service: other', '\n    extends: { file: "${BASE}", service: web }', '\n  web:\n    extends: { file: compose.override.yaml, service: api }',
  '\ninclude:\n  - compose.yaml', '\ninclude:\n  - path: [docker-compose.yml, ../compose.override.yaml]', '\ninclude: [x.compose.yaml, "${INC}", oci://r/x:1]', '\n    depends_on: [db, nope]'];
const EDITS = ['\n', ' ', ':', '- ', '#', '"', "'", '{', '[', '&a', '*a', 'FROM ', 'USER ', 'COPY --from=', 'AS ', '\\\n', '${', '<<EOF\n', '\t', '\r\n', '😀'];

const mutated = fc.record({
  seed: fc.constantFrom(...SEEDS),
  name: fc.option(fc.constantFrom(...NAMES), { nil: undefined }),
  edits: fc.array(fc.tuple(fc.nat(), fc.nat({ max: 6 }), fc.oneof(fc.constantFrom(...EDITS, ...LINKS), fc.string({ maxLength: 5 }))), { maxLength: 5 }),
}).map(({ seed, name, edits }) => {
  return { filename: name ?? seed.filename, content: applyEdits(seed.content, edits), fileType: (seed.filename.endsWith('Dockerfile') ? 'dockerfile' : 'compose') as FileInput['fileType'] };
});

/** A submission as the API would accept it: 1–10 files with unique names (the route refuses duplicates). */
const project = fc.array(mutated, { minLength: 1, maxLength: 10 }).map((files) => files.filter((f, i) => files.findIndex((g) => g.filename === f.filename) === i));

/** Project findings seen over a whole property run, so a test that never reaches a cross-file rule fails. */
let seen = 0;
/** The project rules that fired over a property run. */
const fired = new Set<string>();

function check(files: FileInput[]): void {
  const run = runProject(files, { helpBaseUrl: 'h' });
  const { report, ruleErrors } = run;
  assert.deepEqual(ruleErrors, []);
  assert.equal(report.files.length, files.length);
  assert.ok(report.score >= 0 && report.score <= 100 && Number.isInteger(report.score));
  seen += report.project_findings.length;
  for (const f of report.project_findings) fired.add(f.rule_id);
  assert.ok(report.score <= Math.min(...report.files.map((f) => f.report.score)), 'the project never scores above its worst file');
  for (const finding of report.project_findings) {
    const file = files.find((f) => f.filename === finding.location.file);
    assert.ok(file, `${finding.rule_id} names a file of the submission: ${finding.location.file}`);
    const lines = file.content.split('\n');
    const { start_line: sl, start_column: sc, end_line: el, end_column: ec } = finding.location;
    assert.ok(sl >= 1 && el >= sl && el <= lines.length, `${finding.rule_id} lines ${sl}-${el} of ${lines.length}`);
    assert.ok(sc >= 1 && sc <= lines[sl - 1]!.length + 1 && ec >= 1 && ec <= lines[el - 1]!.length + 1, `${finding.rule_id} columns ${sc}-${ec}`);
  }
}

/** Workflows that link to what they build and call (our own cases), mutated with lines that link anywhere. */
const WORKFLOWS: FileInput[] = [
  { filename: '.github/workflows/ci.yml', content: 'on: push\njobs:\n  image:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/checkout@v4\n      - uses: docker/build-push-action@v6\n        with:\n          context: ./api\n          build-args: |\n            VERSION=1\n            TYPO=2\n      - run: docker build --build-arg X=1 -f web/Dockerfile.dev web && docker compose -f compose.yaml up -d\n  call:\n    uses: ./.github/workflows/reuse.yml\n    with:\n      node: "22"\n    secrets:\n      token: x\n' },
  { filename: '.github/workflows/reuse.yml', content: 'on:\n  workflow_call:\n    inputs:\n      node:\n        type: string\n        required: true\n      os:\n        type: string\n        required: true\n    secrets:\n      token:\n        required: true\njobs:\n  t:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: docker build .\n' },
];
const WORKFLOW_NAMES = ['.github/workflows/ci.yml', '.github/workflows/reuse.yml', 'sub/.github/workflows/ci.yml', '.github/workflows/../x.yml', 'ci.yml'];
const WORKFLOW_LINKS = ['\n      - run: docker build -f ../Dockerfile .', '\n      - run: docker buildx build -t x --target base api', '\n      - run: docker-compose --file x.compose.yaml up',
  '\n        working-directory: api', '\n        working-directory: ${{ matrix.d }}', '\n      - uses: docker/build-push-action@v6\n        with:\n          file: /abs/Dockerfile',
  '\n          build-args: "${{ x }}=1"', '\n  c2:\n    uses: ./.github/workflows/ci.yml\n    with: {a: 1}', '\n    secrets: inherit', '\n  c3:\n    uses: ./.github/workflows/../../x.yml',
  '\n      - uses: actions/checkout@v4\n        with:\n          repository: o/r', '\non:\n  workflow_call:\n    inputs: {a: {required: true}}'];
const workflowFile = fc.record({
  seed: fc.constantFrom(...WORKFLOWS),
  name: fc.option(fc.constantFrom(...WORKFLOW_NAMES), { nil: undefined }),
  edits: fc.array(fc.tuple(fc.nat(), fc.nat({ max: 6 }), fc.oneof(fc.constantFrom(...EDITS, ...WORKFLOW_LINKS), fc.string({ maxLength: 5 }))), { maxLength: 5 }),
}).map(({ seed, name, edits }) => ({ filename: name ?? seed.filename, content: applyEdits(seed.content, edits), fileType: 'github-workflow' as FileInput['fileType'] }));

describe('project analysis on random file sets', () => {
  it('the fixture projects mutated, renamed and recombined never throw and stay consistent', () => {
    seen = 0;
    fc.assert(fc.property(project, check), { numRuns: 300 });
    assert.ok(seen > 0, 'cross-file rules fired');
  });
  it('workflows linked to the Dockerfiles, Compose files and workflows beside them, mutated, never throw and stay consistent', () => {
    seen = 0;
    const files = fc.array(fc.oneof(workflowFile, workflowFile, mutated), { minLength: 1, maxLength: 10 });
    fired.clear();
    fc.assert(fc.property(files, (fs) => check(fs.filter((f, i) => fs.findIndex((g) => g.filename === f.filename) === i))), { numRuns: 300 });
    for (const id of ['CGP018', 'CGP019', 'CGP020']) assert.ok(fired.has(id), `${id} fired`);
  });
  it('random texts beside real files, with forced types', () => {
    const stray = fc.record({ filename: fc.constantFrom(...NAMES), content: fc.string({ unit: 'binary', maxLength: 400 }), fileType: fc.constantFrom('dockerfile', 'compose') as fc.Arbitrary<FileInput['fileType']> });
    fc.assert(fc.property(fc.array(fc.oneof(mutated, stray), { minLength: 1, maxLength: 10 }), (files) => check(files.filter((f, i) => files.findIndex((g) => g.filename === f.filename) === i))), { numRuns: 300 });
  });
  // A few kilobytes of repeated include lines once cost CGP016 work proportional to entries × links for each kind
  // of name (34 s for ten 48 KB files): each file's closure is now walked once. The timeout only guards against a
  // hang; speed is measured in benchmarks.
  it('thousands of include lines, self and cross, finish and report every conflict once per entry', { timeout: 30_000 }, () => {
    const names = Array.from({ length: 10 }, (_, i) => `f${i}.compose.yaml`);
    const files = names.map((filename, i) => ({
      filename,
      content: `include:\n${names.map((n) => `  - ${n}\n`).join('').repeat(80)}services:\n  s${i}:\n    image: example/s:1\n  shared:\n    image: example/shared:${i}\n`,
    }));
    const { report, ruleErrors } = runProject(files, { helpBaseUrl: 'h' });
    assert.deepEqual(ruleErrors, []);
    // Every file defines `shared`, and brings in the nine others that define it too: one conflict in each file, at
    // the first entry that brings another definition in.
    const conflicts = report.project_findings.filter((f) => f.rule_id === 'CGP016');
    assert.deepEqual(conflicts.map((f) => f.location.file).sort(), [...names].sort());
  });
});

