import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Finding, Report, Severity } from '../core/types.ts';
import { analyzeFile, analyzeProject } from '../analysis/analyze.ts';
import { ruleById } from '../analysis/catalogue.ts';
import { assertValidSarif } from '../../test/support/sarif-schema.ts';
import { artifactUri, sarifForFile, sarifForProject } from './sarif.ts';
import type { SarifRuleInfo } from './sarif.ts';

const options = { informationUri: 'http://confgate.test', rules: ruleById };
const engine = { helpBaseUrl: 'http://confgate.test' };
const DOCKERFILE = 'FROM node:latest\nRUN npm install\n# hadolint ignore=DL3007\nFROM alpine:latest\nENV API_TOKEN=abc123secret\n';

function fileSarif(content: string, filename = 'Dockerfile') {
  const report = analyzeFile({ filename, content }, engine);
  return { report, log: sarifForFile(report, { filename, uri: artifactUri(filename), content }, options) };
}

function finding(rule_id: string, severity: Severity, line: number, over: Partial<Finding> = {}): Finding {
  return {
    rule_id, rule_name: `rule-${rule_id}`, severity, category: 'security', title: `Title ${rule_id}`, message: `Message ${rule_id}`,
    location: { start_line: line, start_column: 1, end_line: line, end_column: 5 }, remediation: 'Fix it.', help_url: `http://confgate.test/rules/${rule_id}`,
    score_impact: 0, equivalents: [], ...over,
  };
}

function report(findings: Finding[]): Report {
  return { score: 50, grade: 'D', severity: 'high', summary: { critical: 0, high: 0, medium: 0, low: 0, info: 0 }, findings, suppressed: [], scoring_version: 's1', ruleset_version: 'r1' };
}

const fakeRules = (info: Partial<SarifRuleInfo> = {}) => (id: string): SarifRuleInfo => ({
  id, name: `rule-${id}`, target: 'dockerfile', title: `Title ${id}`, description: `Why ${id} matters.`, severity: 'high', category: 'security', remediation: 'Fix it.', cwe: ['CWE-250'], ...info,
});

describe('SARIF builder', () => {
  it('a real Dockerfile report is schema-valid SARIF 2.1.0 with exact regions, rules and suppressions', () => {
    const { report, log } = fileSarif(DOCKERFILE);
    assertValidSarif(log);
    const run = log.runs[0];
    assert.equal(run.tool.driver.name, 'Confgate');
    assert.equal(run.tool.driver.version, report.ruleset_version);
    assert.equal(run.tool.driver.fullName, `Confgate ${report.ruleset_version} (scoring ${report.scoring_version})`);
    assert.deepEqual(run.automationDetails, { id: 'confgate/' });
    assert.equal(run.results.length, report.findings.length + report.suppressed.length);
    assert.deepEqual(run.tool.driver.rules.map((r) => r.id), [...new Set(run.results.map((r) => r.ruleId))].sort());
    for (const [i, f] of report.findings.entries()) {
      const r = run.results[i]!;
      assert.equal(r.ruleId, f.rule_id);
      assert.equal(run.tool.driver.rules[r.ruleIndex]!.id, f.rule_id);
      assert.equal(r.message.text, f.message);
      assert.deepEqual(r.locations[0]!.physicalLocation, {
        artifactLocation: { uri: 'Dockerfile' },
        region: { startLine: f.location.start_line, startColumn: f.location.start_column, endLine: f.location.end_line, endColumn: f.location.end_column },
      });
      assert.equal(r.suppressions, undefined);
    }
    const suppressed = run.results.filter((r) => r.suppressions);
    assert.equal(suppressed.length, 1);
    assert.equal(suppressed[0]!.ruleId, 'CGD002');
    assert.deepEqual(suppressed[0]!.suppressions, [{ kind: 'inSource', justification: 'Suppressed in source: # hadolint ignore=DL3007' }]);
    assert.equal(suppressed[0]!.locations[0]!.physicalLocation.region.startLine, 4);
    const secret = run.tool.driver.rules.find((r) => r.id === 'CGD030')!;
    const meta = ruleById('CGD030')!;
    assert.equal(secret.shortDescription.text, meta.title);
    assert.equal(secret.fullDescription.text, meta.description);
    assert.equal(secret.help.text, meta.remediation);
    assert.equal(secret.helpUri, 'http://confgate.test/rules/CGD030');
    assert.deepEqual(secret.properties, { tags: ['secrets', 'dockerfile', 'security', ...meta.cwe!.map((c) => `external/cwe/${c.toLowerCase()}`)], 'security-severity': '8.0' });
    assert.deepEqual(run.properties.scores, [{ scope: 'file', uris: ['Dockerfile'], score: report.score, grade: report.grade }]);
  });

  it('is valid with no results', () => {
    const { report, log } = fileSarif('FROM alpine:3.22\nUSER app\n');
    assert.equal(report.findings.length + report.suppressed.length, 0, JSON.stringify(report.findings));
    assertValidSarif(log);
    assert.deepEqual(log.runs[0].results, []);
    assert.deepEqual(log.runs[0].tool.driver.rules, []);
  });

  it('maps severities to levels, and security-severity only for security, secrets and supply-chain rules', () => {
    const severities: Severity[] = ['critical', 'high', 'medium', 'low', 'info'];
    const findings = severities.map((s, i) => finding(`CGD90${i}`, s, 1));
    const bySeverity = (id: string) => severities[Number(id.slice(-1))]!;
    const log = sarifForFile(report(findings), { filename: 'Dockerfile', uri: 'Dockerfile', content: 'FROM x\n' }, { informationUri: 'http://confgate.test', rules: (id) => fakeRules({ severity: bySeverity(id) })(id) });
    assertValidSarif(log);
    assert.deepEqual(log.runs[0].results.map((r) => r.level), ['error', 'error', 'warning', 'note', 'note']);
    assert.deepEqual(log.runs[0].tool.driver.rules.map((r) => r.defaultConfiguration.level), ['error', 'error', 'warning', 'note', 'note']);
    assert.deepEqual(log.runs[0].tool.driver.rules.map((r) => r.properties['security-severity']), ['9.5', '8.0', '5.5', '3.0', undefined]);
    const quality = sarifForFile(report([finding('CGD950', 'high', 1, { category: 'reliability' })]), { filename: 'Dockerfile', uri: 'Dockerfile', content: '' }, { informationUri: 'http://confgate.test', rules: fakeRules({ category: 'reliability', cwe: undefined }) });
    assert.deepEqual(quality.runs[0].tool.driver.rules[0]!.properties, { tags: ['reliability', 'dockerfile'] });
  });

  it('falls back to what the finding carries for a rule the catalogue does not know', () => {
    const log = sarifForFile(report([finding('CGX001', 'medium', 1)]), { filename: 'Dockerfile', uri: 'Dockerfile', content: '' }, { informationUri: 'http://confgate.test', rules: () => undefined });
    assertValidSarif(log);
    const rule = log.runs[0].tool.driver.rules[0]!;
    assert.equal(rule.name, 'rule-CGX001');
    assert.equal(rule.shortDescription.text, 'Title CGX001');
    assert.deepEqual(rule.properties.tags, ['security'], 'no target is guessed');
  });

  it('fingerprints survive moved and re-indented lines; identical text of one rule in one file shares one', () => {
    const fp = (content: string, filename = 'Dockerfile') => fileSarif(content, filename).log.runs[0].results.map((r) => `${r.ruleId} ${r.partialFingerprints['confgate/v1']}`);
    const base = fp('FROM node:latest\nUSER app\n');
    assert.deepEqual(fp('\n\n# moved down\nFROM    node:latest\nUSER app\n'), base);
    assert.notDeepEqual(fp('FROM node:latest\nUSER app\n', 'other/Dockerfile'), base, 'the file is part of the fingerprint');
    const twice = fp('FROM node:latest AS a\nFROM node:latest AS a\nUSER app\n').filter((f) => f.startsWith('CGD002'));
    assert.equal(twice.length, 2);
    // The finding's own fingerprint (what a baseline lists); GitHub tells identical lines apart by the
    // primaryLocationLineHash upload-sarif adds.
    assert.match(twice[0]!, /^CGD002 [0-9a-f]{32}$/);
    assert.equal(twice[1], twice[0]);
  });

  it('percent-encodes artifact URIs segment by segment', () => {
    assert.equal(artifactUri('deploy dir/Dockerfile.prod'), 'deploy%20dir/Dockerfile.prod');
    assert.equal(artifactUri('ünïcode/#x?.yml'), '%C3%BCn%C3%AFcode/%23x%3F.yml');
    // Lone surrogates (valid in JSON, not in UTF-8) are written as U+FFFD rather than throwing.
    assert.equal(artifactUri('\udfff\ud800/a\ud83d'), '%EF%BF%BD%EF%BF%BD/a%EF%BF%BD');
  });

  it('places project findings in the file they name, and scores every file and the project', () => {
    const files = [
      { filename: 'web/Dockerfile', content: 'FROM node:latest\n' },
      { filename: 'docker-compose.yml', content: 'services:\n  web:\n    build: ./web\n    privileged: true\n' },
    ];
    const project = analyzeProject(files, engine);
    // Project rules are data-driven; a synthetic cross-file finding proves where such findings land.
    const withCross = { ...project, project_findings: [finding('CGP001', 'high', 3, { location: { file: 'docker-compose.yml', start_line: 3, start_column: 5, end_line: 3, end_column: 17 } })] };
    const artifacts = files.map((f) => ({ ...f, uri: artifactUri(f.filename) }));
    const log = sarifForProject(withCross, artifacts, { informationUri: 'http://confgate.test', rules: (id) => ruleById(id) ?? fakeRules()(id) });
    assertValidSarif(log);
    const results = log.runs[0].results;
    const perFile = project.files.map((f) => f.report.findings.length + f.report.suppressed.length);
    assert.ok(perFile[0]! > 0 && perFile[1]! > 0);
    assert.deepEqual(results.slice(0, perFile[0]).map((r) => r.locations[0]!.physicalLocation.artifactLocation.uri), Array(perFile[0]).fill('web/Dockerfile'));
    const cross = results.at(-1)!;
    assert.equal(cross.ruleId, 'CGP001');
    assert.deepEqual(cross.locations[0]!.physicalLocation, { artifactLocation: { uri: 'docker-compose.yml' }, region: { startLine: 3, startColumn: 5, endLine: 3, endColumn: 17 } });
    assert.deepEqual(log.runs[0].properties.scores.map((s) => [s.scope, s.uris, s.score]), [
      ['file', ['web/Dockerfile'], project.files[0]!.report.score],
      ['file', ['docker-compose.yml'], project.files[1]!.report.score],
      ['project', ['web/Dockerfile', 'docker-compose.yml'], project.score],
    ]);
  });
});
