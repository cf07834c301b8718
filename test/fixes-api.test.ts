// Fixes through the HTTP API (issue 23): `fix: "safe" | "all"` on both analysis endpoints, the corrected file in
// `fixed`, its score and what remains, the findings' `fix` in JSON and in SARIF (schema-valid, and clean under the
// SARIF multitool's GitHub rules), refusals of any other value; the corrected content never reaches the logs.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { startTestApp } from './support/app.ts';
import type { TestApp } from './support/app.ts';
import { openApiChecker } from './support/openapi.ts';
import type { OpenApiChecker } from './support/openapi.ts';
import { assertValidSarif } from './support/sarif-schema.ts';
import { multitoolProblems } from './support/sarif-multitool.ts';
import { dumpTables } from './support/store.ts';

const DOCKERFILE = 'from debian:12\nMAINTAINER ops@example.com\nRUN apt-get update\nRUN apt-get install curl\nCMD node server.js\n';
/** After the safe fixes: casing, the label, the update merged into the install, -y, --no-install-recommends, the lists
 * removed; the exec-form CMD (the base image's entrypoint would receive other words) and USER are unsafe. */
const DOCKERFILE_SAFE = 'FROM debian:12\nLABEL org.opencontainers.image.authors="ops@example.com"\nRUN apt-get update && apt-get install --no-install-recommends -y curl && rm -rf /var/lib/apt/lists/*\nCMD node server.js\n';
/** With `fix: "all"`: the exec-form CMD and USER 65534 too. */
const DOCKERFILE_ALL = `${DOCKERFILE_SAFE.replace('CMD node server.js', 'CMD ["node", "server.js"]')}USER 65534\n`;
const COMPOSE = 'version: "3.9"\nservices:\n  db:\n    image: postgres:17\n    ports:\n      - "5432:5432"\n';
const WORKFLOW = 'on: issues\npermissions: {}\njobs:\n  greet:\n    runs-on: ubuntu-24.04\n    timeout-minutes: 5\n    steps:\n      - run: |\n          echo "${{ github.event.issue.title }}"\n';

let t: TestApp;
let openapi: OpenApiChecker;
before(async () => {
  t = await startTestApp();
  openapi = await openApiChecker(t.app);
});
after(async () => t.close());

const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object });

async function analyze(content: string, filename = 'Dockerfile', fix?: string) {
  const res = await post('/api/analyze', { filename, file_type: 'auto', content, ...(fix === undefined ? {} : { fix }) });
  assert.equal(res.statusCode, 200, res.body);
  openapi.assertConforms('POST', '/api/analyze', 200, res.json());
  return res.json().data;
}

describe('POST /api/analyze with fix', () => {
  it('findings carry their fix (1-based UTF-16 edits, end exclusive) whether or not fixing was asked for', async () => {
    const report = await analyze(DOCKERFILE);
    assert.equal(report.fixed, undefined, 'no fixed without fix');
    const maintainer = report.findings.find((f: any) => f.rule_id === 'CGD134');
    assert.deepEqual(maintainer.fix, {
      description: 'Replace MAINTAINER with the OCI authors label.',
      safety: 'safe',
      edits: [{ start_line: 2, start_column: 1, end_line: 2, end_column: 27, text: 'LABEL org.opencontainers.image.authors="ops@example.com"' }],
    });
    const user = report.findings.find((f: any) => f.rule_id === 'CGD020');
    assert.equal(user.fix.safety, 'unsafe');
  });

  it('"safe" returns the corrected file, fixes counted over every pass, with its score and what remains', async () => {
    const report = await analyze(DOCKERFILE, 'Dockerfile', 'safe');
    assert.equal(report.fixed.content, DOCKERFILE_SAFE);
    const again = await analyze(DOCKERFILE_SAFE);
    assert.equal(report.fixed.score, again.score);
    assert.equal(report.fixed.remaining, again.findings.length);
    assert.ok(report.fixed.score >= report.score);
    assert.ok(again.findings.some((f: any) => f.rule_id === 'CGD020'), 'the unsafe USER fix was not applied');
    assert.ok(again.findings.some((f: any) => f.rule_id === 'CGD124'), 'the unsafe exec-form CMD was not applied');
    // casing, label, merged update, -y, --no-install-recommends, lists cleanup.
    assert.equal(report.fixed.applied, 6);
    // Fixing the result changes nothing.
    const twice = await analyze(report.fixed.content, 'Dockerfile', 'safe');
    assert.deepEqual([twice.fixed.applied, twice.fixed.content], [0, report.fixed.content]);
  });

  it('"all" applies the unsafe fixes too', async () => {
    const report = await analyze(DOCKERFILE, 'Dockerfile', 'all');
    assert.equal(report.fixed.content, DOCKERFILE_ALL);
    assert.equal(report.fixed.applied, 8);
    const compose = await analyze(COMPOSE, 'compose.yaml', 'all');
    assert.match(compose.fixed.content, /- "127\.0\.0\.1:5432:5432"/);
    assert.doesNotMatch(compose.fixed.content, /version/);
    assert.match(compose.fixed.content, /no-new-privileges:true/);
  });

  it('a workflow: the expression moves to env:', async () => {
    const report = await analyze(WORKFLOW, '.github/workflows/greet.yml', 'safe');
    assert.equal(report.fixed.content, WORKFLOW.replace('"${{ github.event.issue.title }}"', '"${ISSUE_TITLE}"') + '        env:\n          ISSUE_TITLE: ${{ github.event.issue.title }}\n');
    assert.equal(report.fixed.remaining, 0);
    assert.equal(report.fixed.score, 100);
  });

  it('refuses any other value with 422 invalid_request naming the field; the content is never logged', async () => {
    for (const fix of ['unsafe', 'SAFE', '', true, null, 1, ['safe']]) {
      const res = await post('/api/analyze', { filename: 'Dockerfile', file_type: 'auto', content: DOCKERFILE, fix });
      assert.equal(res.statusCode, 422, JSON.stringify(fix));
      assert.equal(res.json().error.code, 'invalid_request');
      assert.match(res.json().error.message, /fix/);
    }
    const res = await post('/api/analyze-project', { files: [{ filename: 'Dockerfile', content: DOCKERFILE }], fix: 'yes' });
    assert.equal(res.statusCode, 422);
    assert.equal(res.json().error.code, 'invalid_request');
    assert.ok(!t.logs.join('').includes('opencontainers'), 'no corrected content in the logs');
  });
});

describe('POST /api/analyze-project with fix', () => {
  it('each file gets its fixed content, score and remaining findings', async () => {
    const res = await post('/api/analyze-project', { files: [{ filename: 'app/Dockerfile', content: DOCKERFILE }, { filename: 'compose.yaml', content: COMPOSE }], fix: 'safe' });
    assert.equal(res.statusCode, 200, res.body);
    openapi.assertConforms('POST', '/api/analyze-project', 200, res.json());
    const [docker, compose] = res.json().data.files;
    assert.equal(docker.fixed.content, DOCKERFILE_SAFE);
    assert.equal(compose.fixed.content, COMPOSE.replace('version: "3.9"\n', ''));
    assert.equal(compose.fixed.applied, 1);
    for (const f of [docker, compose]) {
      assert.ok(f.fixed.score >= f.report.score);
      assert.equal(typeof f.fixed.remaining, 'number');
    }
    // A .env file holds secrets and has no fix: it gets no `fixed`, and its text is nowhere in the answer.
    const withEnv = await post('/api/analyze-project', { files: [{ filename: 'compose.yaml', content: COMPOSE }, { filename: '.env', content: 'DB_PASSWORD=s3cr3t-v4lue-9931\n' }], fix: 'safe' });
    assert.equal(withEnv.statusCode, 200, withEnv.body);
    openapi.assertConforms('POST', '/api/analyze-project', 200, withEnv.json());
    const env = withEnv.json().data.files.find((f: any) => f.filename === '.env');
    assert.equal(env.file_type, 'dotenv');
    assert.equal(env.fixed, undefined);
    assert.ok(!withEnv.body.includes('s3cr3t-v4lue-9931'));
    const single = await post('/api/analyze', { filename: '.env', file_type: 'auto', content: 'DB_PASSWORD=s3cr3t-v4lue-9931\n', fix: 'all' });
    assert.equal(single.statusCode, 200, single.body);
    assert.equal(single.json().data.fixed, undefined);
    assert.ok(!single.body.includes('s3cr3t-v4lue-9931'));
    const plain = await post('/api/analyze-project', { files: [{ filename: 'compose.yaml', content: COMPOSE }] });
    assert.equal(plain.json().data.files[0].fixed, undefined);
  });
});

describe('the fixed content is never logged nor stored', () => {
  it('a marker in the fixable lines of a project (and of a file) comes back in the answer only: not in a log line, not in a table', async () => {
    // An app of its own, at trace level, closed before its tables are read (closing flushes the security log).
    const own = await startTestApp({ LOG_LEVEL: 'trace' });
    let open = true;
    try {
      const marker = `FIXMARK${randomBytes(6).toString('hex')}`;
      const dockerfile = `from debian:12\nMAINTAINER ${marker}@example.com\n`;
      const compose = `version: "3.9"\nservices:\n  web:\n    image: nginx:1.27\n    networks: [proxy]\nnetworks:\n  proxy:\n    external:\n      name: ${marker}\n`;
      const send = (url: string, payload: object) => own.app.inject({ method: 'POST', url, payload });
      const files = [{ filename: 'app/Dockerfile', content: dockerfile }, { filename: 'compose.yaml', content: compose }];
      const answers = [
        await send('/api/analyze-project', { files, fix: 'safe' }),
        await send('/api/analyze-project?format=sarif', { files, fix: 'all' }),
        await send('/api/analyze', { filename: 'compose.yaml', file_type: 'auto', content: compose, fix: 'safe' }),
      ];
      assert.deepEqual(answers.map((r) => r.statusCode), [200, 200, 200], answers.map((r) => r.body).join('\n'));
      const [docker, composeFile] = answers[0]!.json().data.files;
      assert.equal(docker.fixed.content, `FROM debian:12\nLABEL org.opencontainers.image.authors="${marker}@example.com"\n`);
      assert.equal(composeFile.fixed.content, `services:\n  web:\n    image: nginx:1.27\n    networks: [proxy]\nnetworks:\n  proxy:\n    external: true\n    name: ${marker}\n`);
      assert.equal(answers[2]!.json().data.fixed.content, composeFile.fixed.content);
      assert.ok(answers[1]!.body.includes(marker), 'the SARIF fixes carry the marker');
      await own.app.close();
      open = false;
      const tables = await dumpTables(own.store.db);
      assert.match(tables, /\/api\/analyze-project/, 'the security log did record the requests');
      const logs = own.logs.join('');
      assert.match(logs, /analyze-project/, 'the requests were logged');
      assert.ok(!logs.includes(marker), 'the marker is in a log line');
      assert.ok(!tables.includes(marker), 'the marker is in the store');
    } finally {
      if (open) await own.app.close();
      await own.store.destroy();
    }
  });
});

describe('SARIF fixes', () => {
  it('results carry fixes[] with non-empty changes; the log is schema-valid and passes the GitHub rules', async () => {
    const sarif = async (url: string, payload: unknown) => {
      const res = await t.app.inject({ method: 'POST', url: `${url}?format=sarif`, payload: payload as object });
      assert.equal(res.statusCode, 200, res.body);
      return res.json();
    };
    const file = await sarif('/api/analyze', { filename: 'app/Dockerfile', file_type: 'auto', content: DOCKERFILE });
    const project = await sarif('/api/analyze-project', { files: [{ filename: 'app/Dockerfile', content: DOCKERFILE }, { filename: 'compose.yaml', content: COMPOSE }, { filename: '.github/workflows/greet.yml', content: WORKFLOW }] });
    for (const log of [file, project]) {
      assertValidSarif(log);
      const withFixes = log.runs[0].results.filter((r: any) => r.fixes);
      assert.ok(withFixes.length >= 5);
      for (const r of withFixes) {
        for (const fix of r.fixes) {
          assert.ok(fix.description.text.length > 0);
          assert.ok(fix.artifactChanges.length > 0);
          for (const change of fix.artifactChanges) {
            assert.equal(change.artifactLocation.uri, r.locations[0].physicalLocation.artifactLocation.uri);
            assert.ok(change.replacements.length > 0);
          }
        }
      }
    }
    const maintainer = file.runs[0].results.find((r: any) => r.ruleId === 'CGD134');
    assert.deepEqual(maintainer.fixes, [{
      description: { text: 'Replace MAINTAINER with the OCI authors label.' },
      artifactChanges: [{ artifactLocation: { uri: 'app/Dockerfile' }, replacements: [{ deletedRegion: { startLine: 2, startColumn: 1, endLine: 2, endColumn: 27 }, insertedContent: { text: 'LABEL org.opencontainers.image.authors="ops@example.com"' } }] }],
    }]);
    // An insertion is an empty deleted region.
    const yes = file.runs[0].results.find((r: any) => r.ruleId === 'CGD100');
    const region = yes.fixes[0].artifactChanges[0].replacements[0].deletedRegion;
    assert.equal(region.startColumn, region.endColumn);
    assert.deepEqual(multitoolProblems({ file, project }, ['Gh']), []);
  });
});
