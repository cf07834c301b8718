// Whole realistic Dockerfiles (test/fixtures/dockerfile) produce exactly the expected findings of the
// CGD000-CGD099 rules: the insecure one its list, the well-written ones none (no false positives).
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import { runAnalyzer } from '../../core/analyze.ts';
import { dockerfileAnalyzer } from './index.ts';

const dir = new URL('../../../test/fixtures/dockerfile/', import.meta.url);

const expected: Record<string, string[]> = {
  'go-distroless.Dockerfile': [],
  'node-multistage.Dockerfile': [],
  'python-heredoc.Dockerfile': [],
  'windows.Dockerfile': [],
  'nginx-insecure.Dockerfile': [
    'CGD002@1:6', // nginx:latest
    'CGD020@1:6', // no USER
    'CGD030@5:5', // ENV API_TOKEN=literal
    'CGD032@7:6', // COPY id_rsa
    'CGD040@3:10', // curl -k
    'CGD046@2:42', // --allow-unauthenticated
    'CGD060@3:56', // curl … | bash
    'CGD061@6:1', // ADD of a directory
    'CGD063@4:14', // chmod -R 777
  ],
};

describe('Dockerfile fixtures', () => {
  it('covers every fixture file', () => {
    assert.deepEqual(readdirSync(dir).filter((f) => f.endsWith('.Dockerfile')).sort(), Object.keys(expected).sort());
  });
  for (const [file, findings] of Object.entries(expected)) {
    it(`${file}: exactly the expected findings`, () => {
      const { run } = runAnalyzer(dockerfileAnalyzer, readFileSync(new URL(file, dir), 'utf8'), { helpBaseUrl: 'http://t' });
      assert.deepEqual(run.ruleErrors, []);
      const ours = run.findings.filter((f) => /^CGD0\d\d$/.test(f.rule_id)).map((f) => `${f.rule_id}@${f.location.start_line}:${f.location.start_column}`);
      assert.deepEqual(ours.sort(), [...findings].sort());
    });
  }
});
