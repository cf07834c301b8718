import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runAnalyzer } from '../../core/analyze.ts';
import { composeAnalyzer } from '../../rules/compose/index.ts';
import { scanInterpolation } from './interpolation.ts';
import { parseCompose } from './parse.ts';
import { parseShortPort } from './ports.ts';

const S = 'services:\n  app:\n    image: example/app:1.0\n';

/** Rule ids found and suppressed (with the pragma kind) for `text`. */
function run(text: string, enable: string[] = []): { found: string[]; suppressed: string[] } {
  const { run: r } = runAnalyzer(composeAnalyzer, text, { helpBaseUrl: 'h', enable });
  assert.deepEqual(r.ruleErrors, []);
  return {
    found: r.findings.map((f) => `${f.rule_id}@${f.location.start_line}`),
    suppressed: r.suppressed.map((f) => `${f.rule_id}@${f.location.start_line}:${f.suppression.kind}`),
  };
}

describe('parseCompose', () => {
  it('resolves merge keys and aliases to the anchored source text', () => {
    const doc = parseCompose('x-env: &env\n  A: "1"\nservices:\n  app:\n    <<: { restart: always }\n    environment: *env\n').doc;
    const app = doc.services[0]!;
    assert.deepEqual(app.node.pairs.map((p) => p.key), ['environment', 'restart']);
    assert.deepEqual(app.environment[0]!.keyRange, { start_line: 2, start_column: 3, end_line: 2, end_column: 4 });
  });

  it('explicit keys beat merged ones, and earlier merge sources beat later ones', () => {
    const doc = parseCompose('x-a: &a { restart: always, user: a }\nx-b: &b { user: b, read_only: true }\nservices:\n  app:\n    <<: [*a, *b]\n    restart: "no"\n').doc;
    const pairs = Object.fromEntries(doc.services[0]!.node.pairs.map((p) => [p.key, p.value.kind === 'scalar' ? p.value.value : null]));
    assert.deepEqual(pairs, { restart: 'no', user: 'a', read_only: true });
  });

  it('never loops on a self-referencing alias', () => {
    const parsed = parseCompose('a: &a [*a]\nservices: {}\n');
    assert.ok(parsed.doc.root);
  });

  it('rejects a second document at its marker and keeps analyzing the first', () => {
    const parsed = parseCompose(`${S}---\nservices: {}\n`);
    assert.deepEqual(parsed.syntaxErrors.map((e) => [e.messageId, e.range.start_line]), [['multiDocument', 4]]);
    assert.equal(parsed.doc.services.length, 1);
  });

  it('reports invalid YAML as a syntax finding, not an exception', () => {
    assert.ok(run('services:\n  app: [\n').found.includes('CGC000@3'));
  });

  it('models extends chains, profiles and both forms of depends_on', () => {
    const doc = parseCompose('services:\n  base:\n    image: a:1\n    profiles: [x]\n  mid:\n    extends: base\n  app:\n    extends: { service: mid }\n    depends_on: { base: { condition: service_healthy } }\n  far:\n    extends: { service: web, file: other.yml }\n').doc;
    const app = doc.serviceByName.get('app')!;
    assert.deepEqual(app.bases.map((b) => b.name), ['mid', 'base']);
    assert.equal(app.inheritsUnknown, false);
    assert.deepEqual(app.dependsOn.map((d) => d.name), ['base']);
    assert.deepEqual(doc.serviceByName.get('base')!.profiles, ['x']);
    assert.equal(doc.serviceByName.get('far')!.inheritsUnknown, true);
    assert.deepEqual(doc.serviceByName.get('far')!.extends?.file?.range, { start_line: 11, start_column: 36, end_line: 11, end_column: 45 });
  });

  it('models build, env_file and long-syntax secrets for the project pass', () => {
    const doc = parseCompose('services:\n  app:\n    build:\n      context: ./app\n      dockerfile: Dockerfile.prod\n      target: runtime\n      args: [VERSION=1]\n    env_file: [.env, { path: .env.local, required: false }]\n    secrets: [{ source: key, target: k }]\n').doc;
    const app = doc.services[0]!;
    assert.equal(app.build?.context?.value, './app');
    assert.equal(app.build?.dockerfile?.value, 'Dockerfile.prod');
    assert.equal(app.build?.target?.value, 'runtime');
    assert.deepEqual(app.build?.args.map((a) => [a.key, a.value]), [['VERSION', '1']]);
    assert.deepEqual(app.envFiles.map((e) => [e.path, e.required]), [['.env', true], ['.env.local', false]]);
    assert.deepEqual(app.secrets.map((s) => s.name), ['key']);
  });
  it('models include entries: short syntax, long syntax with one path or a merged list, with positions', () => {
    const doc = parseCompose('include:\n  - ../common/compose.yaml\n  - path: db.yaml\n    env_file: db.env\n  - path:\n      - third-party/compose.yaml\n      - override.yaml\n  - project_directory: ..\n  - 42\n').doc;
    assert.equal(doc.hasInclude, true);
    assert.deepEqual(doc.includes.map((i) => i.paths.map((p) => p.value)), [['../common/compose.yaml'], ['db.yaml'], ['third-party/compose.yaml', 'override.yaml']]);
    const db = doc.includes[1]!.paths[0]!.range;
    assert.deepEqual([db.start_line, db.start_column, db.end_line, db.end_column], [3, 11, 3, 18]);
    assert.deepEqual(parseCompose(S).doc.includes, []);
  });
  it('an include with no readable path may include anything; an empty one includes nothing', () => {
    const shapes = (text: string) => { const d = parseCompose(text + S).doc; return [d.hasInclude, d.includes.length]; };
    assert.deepEqual(shapes('include:\n  - project_directory: ..\n'), [true, 0]);
    assert.deepEqual(shapes('include:\n  - path: [1, true]\n'), [true, 0]);
    assert.deepEqual(shapes('include: other.yaml\n'), [true, 0]);
    assert.deepEqual(shapes('include: []\n'), [false, 0]);
    assert.deepEqual(shapes('include:\n'), [false, 0]);
    assert.deepEqual(shapes(''), [false, 0]);
  });
});

describe('ports', () => {
  const cases: [string, object][] = [
    ['80', { target: { start: 80, end: 80 }, protocol: 'tcp' }],
    ['8080:80/udp', { published: { start: 8080, end: 8080 }, target: { start: 80, end: 80 }, protocol: 'udp' }],
    ['127.0.0.1:8000-8010:8000-8010', { hostIp: '127.0.0.1', published: { start: 8000, end: 8010 }, target: { start: 8000, end: 8010 } }],
    ['[::1]:53:53/udp', { hostIp: '::1', published: { start: 53, end: 53 }, protocol: 'udp' }],
    ['::1:6001:6001', { hostIp: '::1', published: { start: 6001, end: 6001 } }],
    ['${IP:-127.0.0.1}:${PORT:-80}:80', { hostIp: '${IP:-127.0.0.1}', interpolated: true, target: { start: 80, end: 80 } }],
  ];
  for (const [text, expected] of cases) {
    it(text, () => {
      const port = parseShortPort(text);
      for (const [k, v] of Object.entries(expected)) assert.deepEqual((port as unknown as Record<string, unknown>)[k], v, k);
    });
  }
});

describe('interpolation', () => {
  it('finds substitutions, skips $$ and reports malformed expressions', () => {
    const s = scanInterpolation('$A ${B:-${C}} $$D ${E?err} ${ ${F');
    assert.deepEqual(s.substitutions.map((x) => x.name), ['A', 'B', 'C', 'E']);
    assert.deepEqual(s.errors.map((e) => e.message.split(' ')[0]), ['unterminated']);
    assert.deepEqual(scanInterpolation('${1A} ${B:x}').errors.length, 2);
  });
});

describe('suppressions', () => {
  const privileged = `${S}    privileged: true\n`;
  it('a confgate pragma with a reason covers the whole node that follows', () => {
    const text = `${S}    # confgate ignore=CGC008,privileged-container reason="monitoring agent"\n    volumes:\n      - /var/run/docker.sock:/s\n    privileged: true\n`;
    const r = run(text);
    assert.ok(r.suppressed.includes('CGC008@6:confgate'));
    assert.ok(r.found.includes('CGC003@7'), 'the pragma ends with the node it precedes');
  });
  it('a trailing confgate pragma covers its own line; ignore-file covers the file', () => {
    assert.ok(run(`${S}    privileged: true # confgate ignore=CGC003 reason="ok"\n`).suppressed.includes('CGC003@4:confgate'));
    assert.ok(run(`# confgate ignore-file=CGC003 reason="lab machine"\n${privileged}`).suppressed.includes('CGC003@5:confgate'));
  });
  it('a confgate pragma without reason is a syntax error and suppresses nothing', () => {
    const r = run(`${S}    # confgate ignore=CGC003\n    privileged: true\n`);
    assert.ok(r.found.includes('CGC000@4') && r.found.includes('CGC003@5'));
  });
  it('dclint pragmas map through equivalents', () => {
    const img = 'services:\n  app:\n    image: nginx\n';
    assert.ok(run(`# dclint disable\n${img}`).suppressed.includes('CGC023@4:dclint'));
    assert.ok(run(`# dclint disable service-image-require-explicit-tag\n${img}`).suppressed.includes('CGC023@4:dclint'));
    assert.ok(run(`# dclint disable no-version-field\n${img}`).found.includes('CGC023@4'));
    assert.ok(run(`${S.slice(0, 17)}    image: nginx # dclint disable-line service-image-require-explicit-tag\n`).suppressed.includes('CGC023@3:dclint'));
    assert.ok(run(`services:\n  app:\n    # dclint disable-next-line service-image-require-explicit-tag\n    image: nginx\n`).suppressed.includes('CGC023@4:dclint'));
    assert.ok(run(`services:\n  app:\n    image: nginx\n# dclint disable\n`).found.includes('CGC023@3'), 'file-wide only on the first line');
  });
  it('kics pragmas: ignore, ignore-line, ignore-block and disable=<query id>', () => {
    assert.ok(run(`# kics-scan ignore\n${privileged}`).suppressed.includes('CGC003@5:kics'));
    assert.ok(run(`${S}    # kics-scan ignore-line\n    privileged: true\n`).suppressed.includes('CGC003@5:kics'));
    assert.ok(run(`# kics-scan disable=ae5b6871-7f45-42e0-bb4c-ab300c4d2026\n${privileged}`).suppressed.includes('CGC003@5:kics'));
    const block = run(`services:\n  # kics-scan ignore-block\n  app:\n    image: example/app:1.0\n    privileged: true\n  other:\n    image: example/o:1.0\n    privileged: true\n`);
    assert.ok(block.suppressed.includes('CGC003@5:kics') && block.found.includes('CGC003@8'));
  });
  it('a # inside a quoted string is not a pragma', () => {
    assert.ok(run(`${S}    command: "echo # kics-scan ignore"\n    privileged: true\n`).found.includes('CGC003@5'));
  });
});
