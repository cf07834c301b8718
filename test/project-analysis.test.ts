// npm test: store-agnostic — the service answers here only through its analysis API; nothing read or asserted depends on the store.
// Project (cross-file) analysis end to end over HTTP: whole-project fixtures (a hardened one with no findings
// at all, an insecure one with exactly the expected project findings), how a Dockerfile's own report reflects
// the compose build that uses it, `extends` followed across the submitted compose files, pragmas on project
// findings, and the project score never hiding a bad file.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startTestApp } from './support/app.ts';
import type { TestApp } from './support/app.ts';
import { openApiChecker } from './support/openapi.ts';
import type { OpenApiChecker } from './support/openapi.ts';

interface File {
  filename: string;
  content: string;
}

let t: TestApp;
let openapi: OpenApiChecker;
before(async () => {
  t = await startTestApp();
  openapi = await openApiChecker(t.app);
});
after(async () => t.close());

/** A fixture directory as a submission: names relative to it, `/`-separated, as the CLI sends them. */
function fixture(name: string): File[] {
  const root = new URL(`./fixtures/project/${name}/`, import.meta.url).pathname;
  const walk = (dir: string): string[] => readdirSync(dir).sort().flatMap((f) => (statSync(path.join(dir, f)).isDirectory() ? walk(path.join(dir, f)) : [path.join(dir, f)]));
  return walk(root).map((f) => ({ filename: path.relative(root, f).split(path.sep).join('/'), content: readFileSync(f, 'utf8') }));
}

async function analyze(files: File[]): Promise<any> {
  const res = await t.app.inject({ method: 'POST', url: '/api/analyze-project', payload: { files } });
  assert.equal(res.statusCode, 200, res.body);
  openapi.assertConforms('POST', '/api/analyze-project', 200, res.json());
  return res.json().data;
}

const where = (f: any): string => `${f.location.file} ${f.rule_id} ${f.location.start_line}:${f.location.start_column}-${f.location.end_line}:${f.location.end_column}`;
const fileReport = (data: any, filename: string): any => data.files.find((f: any) => f.filename === filename).report;

describe('project fixtures over HTTP', () => {
  it('the hardened web app + worker + database + cache (multi-stage build with target and args, anchors, extends) has no finding at all', async () => {
    const data = await analyze(fixture('hardened'));
    assert.deepEqual(data.files.map((f: any) => f.filename), ['compose.yaml', 'db/.dockerignore', 'db/Dockerfile', 'web/.dockerignore', 'web/Dockerfile']);
    assert.deepEqual(data.project_findings.map(where), []);
    for (const f of data.files) assert.deepEqual(f.report.findings.map((x: any) => x.rule_id), [], f.filename);
    assert.equal(data.score, 100);
    assert.equal(data.grade, 'A+');
  });

  it('the insecure project yields exactly the expected project findings, each naming its file', async () => {
    const data = await analyze(fixture('insecure'));
    assert.deepEqual(data.project_findings.map(where), [
      'api/Dockerfile CGP010 4:5-4:25', // ENV NPM_TOKEN=$NPM_TOKEN from a secret build arg
      'api/Dockerfile CGP022 5:6-5:7', // COPY . . with a root-only .dockerignore: nested .env, keys, .npmrc, .aws sent
      'api/Dockerfile CGP024 5:6-5:7', // node_modules copied in before npm ci
      'api/Dockerfile CGP006 8:8-8:12', // EXPOSE 3000, compose maps 8080
      'compose.yaml CGP003 9:9-9:20', // NODE_VERSON: no such ARG
      'compose.yaml CGP007 10:11-10:15', // user: root over USER node
      'compose.yaml CGP005 12:9-12:30', // 8080 is not exposed
      'compose.yaml CGP008 14:16-14:20', // disable: true over the image HEALTHCHECK
      'compose.yaml CGP004 15:15-15:19', // env_file .env
      'compose.yaml CGP002 20:15-20:20', // target debug does not exist
      'compose.yaml CGP001 23:12-23:19', // admin/Dockerfile not submitted
      'compose.yaml CGP009 25:3-25:7', // docs: no health check anywhere
      'compose.yaml CGP011 32:12-32:25', // postgres:16.4 here...
      'db/Dockerfile CGP011 1:6-1:19', // ...16.3 there
      'docs/Dockerfile CGP025 2:6-2:11', // docs/ and db/ have no .dockerignore: said once
    ]);
    const worst = Math.min(...data.files.map((f: any) => f.report.score));
    assert.equal(data.score, worst + data.project_findings.reduce((s: number, f: any) => s + f.score_impact, 0));
    assert.ok(data.score <= 49, 'a critical project finding caps the project below 50');
    assert.equal(data.severity, 'critical');
    const info = data.project_findings.filter((f: any) => f.severity === 'info');
    assert.deepEqual(info.map((f: any) => f.rule_id).sort(), ['CGP001', 'CGP004', 'CGP006', 'CGP009', 'CGP025']);
    for (const f of info) assert.equal(f.score_impact, 0, 'unanalyzed and informational findings cost nothing');
    const counted = data.files.reduce((n: number, f: any) => n + f.report.findings.length, 0) + data.project_findings.length;
    assert.equal(Object.values(data.summary).reduce((a: any, b: any) => a + b, 0), counted, 'summary covers file and project findings');
  });
});

describe("a Dockerfile's own report and the compose build that uses it", () => {
  const dockerfile = { filename: 'app/Dockerfile', content: 'ARG NODE=latest\nFROM node:${NODE} AS app\nUSER node\nCMD ["node", "server.js"]\n\nFROM app AS debug\nUSER root\n' };
  const ids = (data: any): string[] => fileReport(data, 'app/Dockerfile').findings.map((f: any) => `${f.rule_id} ${f.location.start_line}`);

  it('alone, the file is analyzed as written: latest tag, and the final (debug) stage runs as root', async () => {
    const data = await analyze([dockerfile]);
    assert.deepEqual(ids(data), ['CGD002 2', 'CGD131 6', 'CGD021 7']);
  });

  it('built by exactly one service, its report is of the image that build makes: args replace ARG defaults, the target is the final stage', async () => {
    const compose = { filename: 'compose.yaml', content: 'services:\n  app:\n    build:\n      context: ./app\n      target: app\n      args:\n        NODE: "22.11.0"\n    healthcheck:\n      test: ["CMD", "node", "health.js"]\n' };
    const data = await analyze([compose, dockerfile]);
    // node:22.11.0 is tagged; the app stage runs as node; it has CMD but no HEALTHCHECK (CGD131 now on its FROM).
    assert.deepEqual(ids(data), ['CGD131 2']);
  });

  it('the same configuration from two services still counts as one', async () => {
    const compose = { filename: 'compose.yaml', content: 'services:\n  a:\n    build: {context: app, target: app, args: [NODE=22.11.0]}\n  b:\n    build: {context: ./app/, target: app, args: {NODE: 22.11.0}}\n' };
    assert.deepEqual(ids(await analyze([compose, dockerfile])), ['CGD131 2']);
  });

  it('built differently by several services, it is analyzed as written and each build is judged in the project findings', async () => {
    const compose = {
      filename: 'compose.yaml',
      content: 'services:\n  app:\n    build: {context: ./app, target: app}\n    user: "0"\n  debug:\n    build: {context: ./app, target: debug}\n    user: "0"\n',
    };
    const data = await analyze([compose, dockerfile]);
    assert.deepEqual(ids(data), ['CGD002 2', 'CGD131 6', 'CGD021 7']);
    // Only the `app` build makes a non-root image that `user: "0"` overrides.
    assert.deepEqual(data.project_findings.filter((f: any) => f.rule_id === 'CGP007').map(where), ['compose.yaml CGP007 4:11-4:14']);
  });
});

describe('compose extends across submitted files', () => {
  // `web` has no build and no ports of its own: both come from `app` in another directory, whose context is
  // relative to that file (common/ -> ../api).
  const compose = { filename: 'compose.yaml', content: 'services:\n  web:\n    extends:\n      file: common/services.yaml\n      service: app\n    user: root\n    ports:\n      - "127.0.0.1:9229:9229"\n' };
  const common = { filename: 'common/services.yaml', content: 'services:\n  app:\n    build:\n      context: ../api\n      target: runtime\n    ports:\n      - "127.0.0.1:8080:3000"\n    healthcheck:\n      test: ["CMD", "node", "health.js"]\n' };
  const dockerfile = { filename: 'api/Dockerfile', content: 'FROM node:22-slim AS runtime\nUSER node\nEXPOSE 3000\nCMD ["node", "server.js"]\n\nFROM runtime AS debug\nUSER root\n' };

  it('the extended service is merged in: its build links the Dockerfile, so the user and the added port are judged against that image', async () => {
    const data = await analyze([compose, common, dockerfile]);
    assert.deepEqual(data.project_findings.map(where), [
      'compose.yaml CGP007 6:11-6:15', // user: root over USER node of the inherited build's target stage
      'compose.yaml CGP005 8:9-8:30', // 9229 appended to the inherited ports; the image EXPOSEs 3000 only
    ]);
    assert.match(data.project_findings[0].message, /Service "web" runs as root, overriding USER node of api\/Dockerfile/);
    // Both services build the target `runtime`: the Dockerfile's own report is of that stage (no root debug stage).
    assert.deepEqual(fileReport(data, 'api/Dockerfile').findings.map((f: any) => f.rule_id), ['CGD131']);
  });

  it('without the extended file, nothing about it is claimed: one info finding says it was not analyzed', async () => {
    const data = await analyze([compose, dockerfile]);
    assert.deepEqual(data.project_findings.map(where), ['compose.yaml CGP012 4:13-4:33']);
    const [f] = data.project_findings;
    assert.equal(f.message, 'Service "web" extends "app" of "common/services.yaml", which was not submitted: what it inherits was not analyzed.');
    assert.equal(f.severity, 'info');
    assert.equal(f.score_impact, 0);
    // Analyzed alone, the Dockerfile is read as written (its final stage runs as root).
    assert.ok(fileReport(data, 'api/Dockerfile').findings.some((x: any) => x.rule_id === 'CGD021'));
  });

  it('a loop of extends through two files is reported once and the analysis ends', async () => {
    const a = { filename: 'compose.yaml', content: 'services:\n  a:\n    extends: {file: other/b.yaml, service: b}\n    build: .\n' };
    const b = { filename: 'other/b.yaml', content: 'services:\n  b:\n    extends: {file: ../compose.yaml, service: a}\n' };
    const data = await analyze([a, b, { filename: 'Dockerfile', content: 'FROM alpine:3.22\nUSER 10001\nCMD ["/app"]\n' }]);
    assert.deepEqual(data.project_findings.map(where), ['compose.yaml CGP013 3:44-3:45']);
    assert.equal(data.project_findings[0].message, 'extends loop across files: a (compose.yaml) -> b (other/b.yaml) -> a (compose.yaml).');
  });
});

describe('compose include across submitted files', () => {
  const compose = { filename: 'compose.yaml', content: 'include:\n  - db/compose.yaml\nservices:\n  web:\n    image: example/web:1.4\n    depends_on: [databse]\n    volumes: [pgdata:/data]\n' };
  const db = { filename: 'db/compose.yaml', content: 'services:\n  database:\n    image: postgres:16.4\nvolumes:\n  pgdata: {}\n' };
  const ownRules = (data: any) => fileReport(data, 'compose.yaml').findings.map((f: any) => f.rule_id);

  it('with the included file, a name nothing defines is reported and an included one is not', async () => {
    const data = await analyze([compose, db]);
    assert.deepEqual(data.project_findings.map(where), ['compose.yaml CGP015 6:18-6:25']);
    const [f] = data.project_findings;
    assert.equal(f.message, 'Service "web" refers to service "databse", which neither this file nor the files it includes define.');
    assert.equal(f.severity, 'high');
    assert.ok(f.score_impact < 0);
    // Alone, the file cannot tell: its own report leaves undefined names to the project.
    assert.ok(!ownRules(data).some((id: string) => /^CGC03[3-7]$/.test(id)), ownRules(data).join());
  });

  it('without the included file, nothing about its names is claimed: one info finding says it was not analyzed', async () => {
    const data = await analyze([compose]);
    assert.deepEqual(data.project_findings.map(where), ['compose.yaml CGP014 2:5-2:20']);
    assert.equal(data.project_findings[0].message, '"db/compose.yaml" is included but was not submitted: what it defines was not analyzed.');
    assert.equal(data.project_findings[0].score_impact, 0);
  });

  it('a service the including file redefines is a conflict; an override merged into the include entry is not', async () => {
    const redefined = { filename: 'compose.yaml', content: 'include:\n  - db/compose.yaml\nservices:\n  database:\n    image: postgres:16.4\n    restart: always\n' };
    const conflict = await analyze([redefined, db]);
    assert.deepEqual(conflict.project_findings.map(where), ['compose.yaml CGP016 2:5-2:20']);
    assert.match(conflict.project_findings[0].message, /^The service "database" that "db\/compose.yaml" brings in is also defined in this file: Compose refuses the project\.$/);
    const override = { filename: 'compose.yaml', content: 'include:\n  - path: [db/compose.yaml, db/override.yaml]\n' };
    // The override refers to the base's volume: alone it would be CGC034; merged over the base it is defined.
    const merged = await analyze([override, db, { filename: 'db/override.yaml', content: 'services:\n  database:\n    restart: always\n    volumes: [pgdata:/backup]\n' }]);
    assert.deepEqual(merged.project_findings.map(where), []);
    assert.deepEqual(fileReport(merged, 'db/override.yaml').findings.filter((f: any) => /^CGC03[3-7]$/.test(f.rule_id)), []);
  });

  it('an override beside its base (compose.override.yaml, compose.<env>.yaml) is judged with its base, not alone', async () => {
    const base = { filename: 'app/compose.yaml', content: 'services:\n  web:\n    image: example/web:1.4\n    networks: [backend, edge]\nnetworks:\n  backend: {}\n' };
    // The base uses `edge`, which its automatic override declares; the overrides use the base's `backend`.
    const auto = { filename: 'app/compose.override.yaml', content: 'services:\n  worker:\n    image: example/worker:1.4\n    networks: [backend]\n    depends_on: [web]\nnetworks:\n  edge: {}\n' };
    const prod = { filename: 'app/compose.prod.yaml', content: 'services:\n  web:\n    networks: [backend, monitoring]\n' };
    const data = await analyze([base, auto, prod]);
    for (const name of ['app/compose.yaml', 'app/compose.override.yaml', 'app/compose.prod.yaml']) {
      assert.deepEqual(fileReport(data, name).findings.filter((f: any) => /^CGC03[3-7]$/.test(f.rule_id)), [], name);
    }
    assert.deepEqual(data.project_findings.filter((f: any) => f.rule_id === 'CGP015').map(where), ['app/compose.prod.yaml CGP015 3:25-3:35']);
    // An environment file in another directory is no override of this base: it is judged alone.
    const elsewhere = await analyze([base, auto, { ...prod, filename: 'deploy/compose.prod.yaml' }]);
    assert.deepEqual(fileReport(elsewhere, 'deploy/compose.prod.yaml').findings.filter((f: any) => /^CGC03[3-7]$/.test(f.rule_id)).map((f: any) => f.rule_id), ['CGC035', 'CGC035']);
  });

  it('an include loop through two files is reported once and the analysis ends', async () => {
    const a = { filename: 'compose.yaml', content: 'include:\n  - db/compose.yaml\nservices:\n  web:\n    image: example/web:1.4\n' };
    const b = { filename: 'db/compose.yaml', content: 'include:\n  - ../compose.yaml\nservices:\n  database:\n    image: postgres:16.4\n' };
    const data = await analyze([a, b]);
    assert.deepEqual(data.project_findings.map(where), ['compose.yaml CGP017 2:5-2:20']);
    assert.equal(data.project_findings[0].message, '"db/compose.yaml" leads back to "compose.yaml": Compose refuses an include loop.');
  });
});

describe('project findings and pragmas', () => {
  it('a confgate pragma in the file a project finding points into suppresses it', async () => {
    const compose = (pragma: string) => ({ filename: 'compose.yaml', content: `services:\n  api:\n    image: example/api:1.4\n${pragma}    env_file: .env\n` });
    const plain = await analyze([compose('')]);
    assert.deepEqual(plain.project_findings.map(where), ['compose.yaml CGP004 4:15-4:19']);
    const silenced = await analyze([compose('    # confgate ignore=env-file-not-analyzed reason="reviewed by hand"\n')]);
    assert.deepEqual(silenced.project_findings, []);
    assert.ok(!fileReport(silenced, 'compose.yaml').findings.some((f: any) => f.rule_id === 'CGC000'), 'the pragma is well-formed');
  });
});

describe('project score', () => {
  const good = (i: number): File => ({ filename: `svc${i}/Dockerfile`, content: 'FROM alpine:3.22\nUSER 10001\nHEALTHCHECK CMD ["/app", "health"]\nCMD ["/app"]\n' });
  const bad: File = { filename: 'bad/Dockerfile', content: 'FROM node:latest\nRUN curl -k https://example.com/install.sh | sh\nUSER root\nCMD node server.js\n' };

  it('one bad file among nine good ones: the project scores no better than the bad file', async () => {
    const alone = fileReport(await analyze([bad]), 'bad/Dockerfile').score;
    const files = [...Array.from({ length: 4 }, (_, i) => good(i)), bad, ...Array.from({ length: 5 }, (_, i) => good(i + 4))];
    const data = await analyze(files);
    assert.equal(data.files.length, 10);
    for (const f of data.files) if (f.filename !== 'bad/Dockerfile') assert.equal(f.report.score, 100, f.filename);
    assert.equal(fileReport(data, 'bad/Dockerfile').score, alone);
    assert.ok(alone < 80, `the bad file is bad (${alone})`);
    assert.ok(data.score <= alone, `${data.score} <= ${alone}`);
    assert.deepEqual(data.project_findings, []);
    assert.equal(data.score, alone, 'without project findings the project scores exactly its worst file');
    assert.equal(data.severity, fileReport(data, 'bad/Dockerfile').severity);
  });

  const compose = (context: string) => ({ filename: 'compose.yaml', content: `services:\n  a:\n    build: {context: ${context}, args: {VERSON: "1"}}\n    user: "10001"\n    healthcheck: {test: ["CMD", "/app", "health"]}\n    read_only: true\n    cap_drop: [ALL]\n    security_opt: ["no-new-privileges:true"]\n    restart: unless-stopped\n    deploy: {resources: {limits: {cpus: "1", memory: 256M, pids: 100}}}\n` });

  it('project findings cost points from the worst file score, never from 100; hygiene alone stops at 80', async () => {
    const data = await analyze([compose('svc0'), good(0)]);
    const worst = Math.min(...data.files.map((f: any) => f.report.score));
    assert.ok(worst >= 82, `room above the hygiene floor (${worst})`);
    assert.deepEqual(data.project_findings.map((f: any) => [f.rule_id, f.severity, f.score_impact]), [['CGP003', 'low', -2]]);
    assert.equal(data.score, worst - 2);
  });

  it('hygiene alone never takes a project below 80', async () => {
    const plain = { filename: 'compose.yaml', content: 'services:\n  a:\n    build: {context: svc0, args: {VERSON: "1"}}\n    ports: ["8080:8080"]\n' };
    const data = await analyze([plain, good(0)]);
    const worst = Math.min(...data.files.map((f: any) => f.report.score));
    assert.ok(worst >= 80, `the files: hygiene only (${worst})`);
    // CGP003 (low) costs 2, or only what is left above 80 (nothing when the Compose file's hygiene took 20).
    const cost = Math.min(2, worst - 80);
    assert.deepEqual(data.project_findings.filter((f: any) => f.rule_id === 'CGP003').map((f: any) => f.score_impact), [cost === 0 ? 0 : -cost]);
    assert.equal(data.score, worst - cost);
    assert.ok(data.score >= 80);
  });

  it('below the gate (a file with a blocking defect), project hygiene costs in full', async () => {
    const data = await analyze([compose('bad'), bad]);
    const worst = Math.min(...data.files.map((f: any) => f.report.score));
    assert.ok(worst < 80);
    const cgp003 = data.project_findings.filter((f: any) => f.rule_id === 'CGP003');
    assert.deepEqual(cgp003.map((f: any) => f.score_impact), [-2]);
    assert.equal(data.score, worst + data.project_findings.reduce((s: number, f: any) => s + f.score_impact, 0));
  });

  it('a rule that fires on several services costs once project-wide (non-blocking)', async () => {
    const two = { filename: 'compose.yaml', content: 'services:\n  a:\n    build: {context: bad, args: {VERSON: "1"}}\n  b:\n    build: {context: bad, args: {VERSON: "2"}}\n' };
    const data = await analyze([two, bad]);
    const cgp003 = data.project_findings.filter((f: any) => f.rule_id === 'CGP003');
    assert.deepEqual(cgp003.map((f: any) => f.score_impact), [-2, 0]);
  });
});
