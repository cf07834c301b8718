// npm test: store-agnostic — the service answers here only through its analysis API; nothing read or asserted depends on the store.
// SARIF end to end: the CLI's --sarif file and the service's SARIF answers are schema-valid and the same log
// for the same files; and the script the service serves is the repository's, with this service as default.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { assertValidSarif } from './support/sarif-schema.ts';
import { multitoolProblems } from './support/sarif-multitool.ts';
import { BAD_DOCKERFILE, cliService, CLEAN_DOCKERFILE, COMPOSE, runCli, SCRIPT, serviceReport, workdir } from './fixtures/cli/harness.ts';

const svc = cliService();

/** A pragma with a reason: SARIF's justification is the reason. */
const SUPPRESSED_COMPOSE = 'services:\n  web:\n    build: ./web\n    # confgate ignore=CGC003 reason="CI runner needs it"\n    privileged: true\n';

async function serviceSarif(route: string, body: unknown, how: 'query' | 'accept'): Promise<any> {
  const url = how === 'query' ? `${svc.url}${route}?format=sarif` : `${svc.url}${route}`;
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(how === 'accept' ? { accept: 'application/sarif+json' } : {}) }, body: JSON.stringify(body) });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), 'application/sarif+json');
  assert.match(res.headers.get('vary') ?? '', /Accept/);
  return res.json();
}

async function cliSarif(files: Record<string, string>, paths: string[], env: Record<string, string> = {}): Promise<any> {
  const dir = workdir(files);
  const res = await runCli(['--url', svc.url, '--min-score', '0', '--sarif', 'reports/confgate.sarif', ...paths], { cwd: dir, env });
  assert.equal(res.status, 0, res.stderr);
  return JSON.parse(readFileSync(path.join(dir, 'reports/confgate.sarif'), 'utf8'));
}

describe('SARIF from the CLI and from the service', () => {
  it('one file: the CLI writes the same schema-valid log the service answers with', async () => {
    const files = { 'reports/.keep': '', 'app/Dockerfile': BAD_DOCKERFILE };
    const fromCli = await cliSarif(files, ['app/Dockerfile']);
    assertValidSarif(fromCli);
    const fromService = await serviceSarif('/api/analyze', { filename: 'app/Dockerfile', file_type: 'auto', content: BAD_DOCKERFILE }, 'accept');
    assertValidSarif(fromService);
    assert.deepEqual(fromCli, fromService);
    const run = fromCli.runs[0];
    assert.equal(run.tool.driver.informationUri, svc.url);
    assert.equal(run.tool.driver.fullName, `Confgate ${run.properties.ruleset_version} (scoring ${run.properties.scoring_version})`);
    assert.deepEqual(run.automationDetails, { id: 'confgate/' });
    assert.ok(run.results.some((r: any) => r.suppressions?.[0]?.kind === 'inSource'), 'the suppressed finding is a result with its suppression');
    assert.deepEqual(run.results.find((r: any) => r.ruleId === 'CGD030').locations[0].physicalLocation, {
      artifactLocation: { uri: 'app/Dockerfile' },
      region: { startLine: 5, startColumn: 5, endLine: 5, endColumn: 14 }, // the name API_TOKEN
    });
  });

  it('a project: same log from both, findings in their own files, scores for each file and the project', async () => {
    const files = { 'reports/.keep': '', 'web/Dockerfile': BAD_DOCKERFILE, 'docker-compose.yml': SUPPRESSED_COMPOSE };
    const fromCli = await cliSarif(files, ['web/Dockerfile', 'docker-compose.yml']);
    assertValidSarif(fromCli);
    const fromService = await serviceSarif('/api/analyze-project', { files: [
      { filename: 'web/Dockerfile', content: BAD_DOCKERFILE },
      { filename: 'docker-compose.yml', content: SUPPRESSED_COMPOSE },
    ] }, 'query');
    assert.deepEqual(fromCli, fromService);
    const uris = new Set(fromCli.runs[0].results.map((r: any) => r.locations[0].physicalLocation.artifactLocation.uri));
    assert.deepEqual([...uris].sort(), ['docker-compose.yml', 'web/Dockerfile']);
    assert.deepEqual(fromCli.runs[0].properties.scores.map((s: any) => s.scope), ['file', 'file', 'project']);
    const privileged = fromCli.runs[0].results.find((r: any) => r.ruleId === 'CGC003');
    assert.deepEqual(privileged.suppressions, [{ kind: 'inSource', justification: 'CI runner needs it' }]);
  });

  it('fixable findings: the CLI\'s log carries each fix as fixes[] with non-empty replacements, as the service\'s does', async () => {
    // The obsolete version key (CGC031: a deleted line) and a deprecated external.name (CGC052: a replacement).
    const compose = 'version: "3.8"\nservices:\n  web:\n    image: nginx:1.27\n    networks: [proxy]\nnetworks:\n  proxy:\n    external:\n      name: traefik_proxy\n';
    const fromCli = await cliSarif({ 'reports/.keep': '', 'compose.yaml': compose }, ['compose.yaml']);
    assertValidSarif(fromCli);
    const fromService = await serviceSarif('/api/analyze', { filename: 'compose.yaml', file_type: 'auto', content: compose }, 'query');
    assert.deepEqual(fromCli, fromService);
    const results = fromCli.runs[0].results as any[];
    const fixable = results.filter((r) => r.fixes);
    // The unsafe fixes (no-new-privileges, read_only) are offered too: a human applies them from the alert or not.
    assert.deepEqual(fixable.map((r) => r.ruleId).sort(), ['CGC013', 'CGC030', 'CGC031', 'CGC052']);
    for (const r of fixable) {
      assert.ok(r.fixes.length > 0);
      for (const fix of r.fixes) {
        assert.ok(fix.description.text.length > 0);
        assert.ok(fix.artifactChanges.length > 0, `${r.ruleId}: artifactChanges`);
        for (const change of fix.artifactChanges) {
          assert.equal(change.artifactLocation.uri, 'compose.yaml');
          assert.ok(change.replacements.length > 0, `${r.ruleId}: replacements`);
        }
      }
    }
    assert.deepEqual(fixable.find((r) => r.ruleId === 'CGC052').fixes[0].artifactChanges[0].replacements, [
      { deletedRegion: { startLine: 8, startColumn: 13, endLine: 9, endColumn: 26 }, insertedContent: { text: ': true\n    name: traefik_proxy' } },
    ]);
    assert.deepEqual(fixable.find((r) => r.ruleId === 'CGC031').fixes[0].artifactChanges[0].replacements, [
      { deletedRegion: { startLine: 1, startColumn: 1, endLine: 2, endColumn: 1 } },
    ]);
    assert.deepEqual(multitoolProblems({ 'cli-fixes': fromCli }, ['Gh']), []);
  });

  it('a clean file is a valid log with no results', async () => {
    const log = await cliSarif({ 'reports/.keep': '', Dockerfile: CLEAN_DOCKERFILE }, ['Dockerfile']);
    assertValidSarif(log);
    assert.deepEqual(log.runs[0].results, []);
  });

  it('batches are one run; a path with a space is percent-encoded', async () => {
    const files: Record<string, string> = { 'reports/.keep': '', 'my app/docker-compose.yml': COMPOSE };
    for (let i = 0; i < 10; i++) files[`svc${i}/Dockerfile`] = BAD_DOCKERFILE;
    const log = await cliSarif(files, ['.']);
    assertValidSarif(log);
    assert.equal(log.runs.length, 1);
    const uris = new Set(log.runs[0].results.map((r: any) => r.locations[0].physicalLocation.artifactLocation.uri));
    assert.equal(uris.size, 11);
    assert.ok(uris.has('my%20app/docker-compose.yml'));
    assert.equal(log.runs[0].properties.scores.filter((s: any) => s.scope === 'project').length, 2);
    const fingerprints = log.runs[0].results.map((r: any) => r.partialFingerprints['confgate/v1']);
    assert.equal(new Set(fingerprints).size, fingerprints.length, 'fingerprints are unique');
  });
});

describe('SARIF under the rule sets of GitHub and Azure DevOps (the SARIF multitool)', () => {
  const FILE = { filename: 'app/Dockerfile', file_type: 'auto', content: BAD_DOCKERFILE };
  const PROJECT = { files: [{ filename: 'web/Dockerfile', content: BAD_DOCKERFILE }, { filename: 'docker-compose.yml', content: SUPPRESSED_COMPOSE }] };
  const PROJECT_FILES = { 'reports/.keep': '', 'web/Dockerfile': BAD_DOCKERFILE, 'docker-compose.yml': SUPPRESSED_COMPOSE };
  /** The predefined variables an Azure Pipelines agent sets in every job. */
  const AZURE_PIPELINE = {
    TF_BUILD: 'True',
    SYSTEM_COLLECTIONURI: 'https://dev.azure.com/contoso/',
    SYSTEM_TEAMPROJECTID: '0b0e6c5a-7f4e-4a57-9d8e-3c2b1a0f9e8d',
    BUILD_DEFINITIONID: '42',
    BUILD_DEFINITIONNAME: 'shop-ci',
    BUILD_BUILDID: '1234',
    SYSTEM_PHASEID: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
    SYSTEM_PHASENAME: 'Job',
    BUILD_SOURCEBRANCH: 'refs/heads/main',
  };
  const list = (problems: { file: string; ruleId: string; level: string }[]) => problems.map((p) => `${p.file} ${p.ruleId} ${p.level}`).sort();

  it('GitHub: the service\'s and the CLI\'s logs, for a file, a project and a clean file, have no error or warning', async () => {
    const logs = {
      'service-file': await serviceSarif('/api/analyze', FILE, 'query'),
      'service-project': await serviceSarif('/api/analyze-project', PROJECT, 'query'),
      'cli-file': await cliSarif({ 'reports/.keep': '', 'app/Dockerfile': BAD_DOCKERFILE }, ['app/Dockerfile']),
      'cli-project': await cliSarif(PROJECT_FILES, ['web/Dockerfile', 'docker-compose.yml']),
      'cli-clean': await cliSarif({ 'reports/.keep': '', Dockerfile: CLEAN_DOCKERFILE }, ['Dockerfile']),
    };
    assert.ok(logs['service-project'].runs[0].results.length > 5, 'the project log has results to check');
    assert.deepEqual(multitoolProblems(logs, ['Gh']), []);
  });

  it('Azure DevOps: the CLI in an Azure Pipelines job writes the pipeline\'s identity, and both rule sets find nothing', async () => {
    const fileLog = await cliSarif({ 'reports/.keep': '', 'app/Dockerfile': BAD_DOCKERFILE }, ['app/Dockerfile'], AZURE_PIPELINE);
    const projectLog = await cliSarif(PROJECT_FILES, ['web/Dockerfile', 'docker-compose.yml'], AZURE_PIPELINE);
    assertValidSarif(projectLog);
    assert.deepEqual(projectLog.runs[0].automationDetails, {
      id: 'azuredevops/pipeline/build/contoso/0b0e6c5a-7f4e-4a57-9d8e-3c2b1a0f9e8d/42/6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f/refs/heads/main/1234',
      properties: {
        'azuredevops/pipeline/build/buildDefinitionId': '42',
        'azuredevops/pipeline/build/buildDefinitionName': 'shop-ci',
        'azuredevops/pipeline/build/phaseId': '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
        'azuredevops/pipeline/build/phaseName': 'Job',
      },
    });
    assert.deepEqual(multitoolProblems({ 'cli-file': fileLog, 'cli-project': projectLog }, ['Gh', 'Ado']), []);
  });

  it('Azure DevOps: the service\'s logs lack only the pipeline identity, which only a pipeline job has', async () => {
    const logs = {
      'service-file': await serviceSarif('/api/analyze', FILE, 'query'),
      'service-project': await serviceSarif('/api/analyze-project', PROJECT, 'query'),
    };
    // GHAzDO1019 (the four azuredevops/pipeline/build/* properties) and GHAzDO1020 (an id naming the organization,
    // project, definition, phase, branch and build) describe the Azure Pipelines job that uploads the log.
    const pipelineIdentity = ['GHAzDO1019 error', 'GHAzDO1019 error', 'GHAzDO1019 error', 'GHAzDO1019 error', 'GHAzDO1020 error'];
    assert.deepEqual(list(multitoolProblems(logs, ['Ado'])), [...pipelineIdentity.map((p) => `service-file ${p}`), ...pipelineIdentity.map((p) => `service-project ${p}`)]);
  });

  it('the check can fail: without automationDetails and fullName, Azure DevOps\' rules report both', async () => {
    const log = await serviceSarif('/api/analyze', { filename: 'Dockerfile', file_type: 'auto', content: BAD_DOCKERFILE }, 'query');
    delete log.runs[0].automationDetails;
    delete log.runs[0].tool.driver.fullName;
    assert.deepEqual(list(multitoolProblems({ old: log }, ['Ado'])), ['old GHAzDO1014 error', 'old GHAzDO1018 error']);
  });

  it('an Azure Pipelines job with incomplete variables is a technical error (exit 2), with no SARIF file', async () => {
    const dir = workdir({ 'reports/.keep': '', Dockerfile: BAD_DOCKERFILE });
    const { SYSTEM_PHASEID: _phase, ...partial } = AZURE_PIPELINE;
    const res = await runCli(['--url', svc.url, '--sarif', 'reports/confgate.sarif', 'Dockerfile'], { cwd: dir, env: { ...partial, BUILD_BUILDID: 'x' } });
    assert.equal(res.status, 2, res.stderr);
    assert.match(res.stderr, /BUILD_BUILDID, SYSTEM_PHASEID are missing or invalid/);
    assert.equal(existsSync(path.join(dir, 'reports/confgate.sarif')), false);
  });
});

describe('content negotiation on the analysis endpoints', () => {
  const post = (query: string, headers: Record<string, string>, body: unknown = { filename: 'Dockerfile', file_type: 'auto', content: BAD_DOCKERFILE }) =>
    fetch(`${svc.url}/api/analyze${query}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  it('JSON unless SARIF is asked for; ?format wins over Accept; errors stay JSON', async () => {
    const plain = await post('', {});
    assert.match(plain.headers.get('content-type')!, /^application\/json/);
    assert.ok(((await plain.json()) as any).data.findings.length > 0);
    const preferJson = await post('', { accept: 'application/sarif+json;q=0.5, application/json' });
    assert.match(preferJson.headers.get('content-type')!, /^application\/json/);
    const forcedJson = await post('?format=json', { accept: 'application/sarif+json' });
    assert.match(forcedJson.headers.get('content-type')!, /^application\/json/);
    const error = await post('?format=sarif', {}, { filename: 'x.tf', file_type: 'terraform', content: 'x' });
    assert.equal(error.status, 422);
    assert.equal(((await error.json()) as any).error.code, 'unsupported_file_type');
    const badFormat = await post('?format=xml', {});
    assert.equal(badFormat.status, 422);
    assert.equal(((await badFormat.json()) as any).error.code, 'invalid_request');
  });
});

describe('GET /static/confgate.py', () => {
  it('is the repository file byte for byte, except the default server line, which names this service', async () => {
    const res = await fetch(`${svc.url}/static/confgate.py`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/x-python; charset=utf-8');
    assert.equal(res.headers.get('cache-control'), 'public, max-age=300');
    const served = Buffer.from(await res.arrayBuffer());
    const original = readFileSync(SCRIPT);
    const servedLines = served.toString('utf8').split('\n');
    const originalLines = original.toString('utf8').split('\n');
    assert.equal(servedLines.length, originalLines.length);
    const differing = originalLines.flatMap((line, i) => (line === servedLines[i] ? [] : [i]));
    assert.equal(differing.length, 1);
    assert.equal(servedLines[differing[0]!], `DEFAULT_URL = "${svc.url}"`);
    assert.match(originalLines[differing[0]!]!, /^DEFAULT_URL = "http:\/\/localhost:8080"$/);
    const rebuilt = Buffer.from(servedLines.map((l, i) => (i === differing[0] ? originalLines[i] : l)).join('\n'), 'utf8');
    assert.ok(rebuilt.equals(original), 'every other byte is the same');

    const etag = res.headers.get('etag')!;
    assert.match(etag, /^"[\w-]{27}"$/);
    const again = await fetch(`${svc.url}/static/confgate.py`, { headers: { 'if-none-match': etag } });
    assert.equal(again.status, 304);
    assert.equal((await again.arrayBuffer()).byteLength, 0);
  });

  it('downloaded and run with no settings, it talks to the service that served it', async () => {
    const dir = workdir({ Dockerfile: BAD_DOCKERFILE });
    const script = path.join(dir, 'confgate.py');
    writeFileSync(script, Buffer.from(await (await fetch(`${svc.url}/static/confgate.py`)).arrayBuffer()));
    const res = spawnSync('python3', [script, '--quiet', 'Dockerfile'], { cwd: dir, env: { PATH: process.env['PATH']! }, encoding: 'utf8', timeout: 30_000 });
    assert.equal(res.status, 1, res.stderr);
    assert.equal(res.stdout, `FAIL: 1 of 1 scores are below 80 (file Dockerfile: ${(await serviceReport(svc.url, 'Dockerfile', BAD_DOCKERFILE)).score})\n`);
  });
});
