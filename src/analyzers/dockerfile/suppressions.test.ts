import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runAnalyzer } from '../../core/analyze.ts';
import { dockerfileAnalyzer } from '../../rules/dockerfile/index.ts';

function run(text: string): { found: string[]; suppressed: string[] } {
  const { run: r } = runAnalyzer(dockerfileAnalyzer, text, { helpBaseUrl: 'http://t' });
  return { found: r.findings.map((f) => `${f.rule_id}@${f.location.start_line}`), suppressed: r.suppressed.map((f) => `${f.rule_id}@${f.location.start_line}:${f.suppression.kind}`) };
}

describe('Dockerfile suppressions', () => {
  it('confgate ignore with a reason covers the whole next instruction, by id or name', () => {
    const r = run('FROM a:1\n# confgate ignore=CGD040,no-sudo reason="internal mirror"\nRUN curl -k https://x && \\\n    sudo true\nRUN curl -k https://y\nUSER app\n');
    assert.deepEqual(r.suppressed, ['CGD022@4:confgate', 'CGD040@3:confgate']);
    assert.deepEqual(r.found, ['CGD040@5']);
  });

  it('a confgate pragma without a reason is a syntax error and suppresses nothing', () => {
    const r = run('FROM a:1\n# confgate ignore=CGD040\nRUN curl -k https://x\nUSER app\n');
    assert.deepEqual(r.found, ['CGD000@2', 'CGD040@3']);
  });

  it('honours confgate ignore-file, hadolint (next and global), trivy, checkov, kics and BuildKit check=skip', () => {
    assert.deepEqual(run('# confgate ignore-file=CGD002 reason="pinned elsewhere"\nFROM a:latest\nUSER app\n').suppressed, ['CGD002@2:confgate']);
    assert.deepEqual(run('# hadolint ignore=DL3007\nFROM a:latest\nUSER app\n').suppressed, ['CGD002@2:hadolint']);
    assert.deepEqual(run('# hadolint global ignore=DL3004\nFROM a:1\nRUN sudo x\nUSER app\n').suppressed, ['CGD022@3:hadolint']);
    assert.deepEqual(run('FROM a:1\n#trivy:ignore:AVD-DS-0010\nRUN sudo x\nUSER app\n').suppressed, ['CGD022@3:trivy']);
    assert.deepEqual(run('FROM a:1\n# checkov:skip=CKV2_DOCKER_2: vendor mirror\nRUN curl -k x\nUSER app\n').suppressed, ['CGD040@3:checkov']);
    assert.deepEqual(run('FROM a:1\n# kics-scan ignore-line\nRUN sudo x\nRUN sudo y\nUSER app\n'), { found: ['CGD022@4'], suppressed: ['CGD022@3:kics'] });
    assert.deepEqual(run('# check=skip=StageNameCasing\nFROM a:1 AS Build\nUSER app\n').suppressed, ['CGD010@2:buildkit']);
    assert.deepEqual(run('# kics-scan ignore\nFROM a:latest\n').found, []);
  });

  it('BuildKit check=skip written before an instruction (not a directive there) skips the checks for that instruction only', () => {
    const r = run('FROM a:1\nUSER app\n# check=skip=LegacyKeyValueFormat,MaintainerDeprecated\nENV MODE prod\nENV LEVEL 3\n');
    assert.deepEqual(r.suppressed, ['CGD136@4:buildkit']);
    assert.deepEqual(r.found.filter((f) => f.startsWith('CGD136')), ['CGD136@5']);
    assert.deepEqual(run('FROM a:1\nUSER app\n# check=skip=all\nMAINTAINER ops@example.org\n').suppressed, ['CGD134@4:buildkit']);
  });

  it('an inline check=skip may carry a note after its rules, as BuildKit reads it', () => {
    const r = run('FROM a:1\nUSER app\n# check=skip=LegacyKeyValueFormat // kept for the old deploy script\nENV MODE prod\n# check=skip=all -- vendored line\nENV LEVEL 3\nENV TIER web\n');
    assert.deepEqual(r.suppressed, ['CGD136@4:buildkit', 'CGD136@6:buildkit']);
    assert.deepEqual(r.found.filter((f) => f.startsWith('CGD136')), ['CGD136@7']);
    assert.deepEqual(run('FROM a:1\nUSER app\n# check=error=true;skip=MaintainerDeprecated\nMAINTAINER ops@example.org\n').suppressed, ['CGD134@4:buildkit']);
  });

  it('a pragma separated from its instruction by a blank line applies to nothing', () => {
    assert.deepEqual(run('FROM a:1\n# hadolint ignore=DL3004\n\nRUN sudo x\nUSER app\n').found, ['CGD022@4']);
  });
});
