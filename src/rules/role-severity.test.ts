import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileRole } from '../core/file-role.ts';
import type { Report, RuleContext } from '../core/rule.ts';
import { lowerOutsideProduction } from './role-severity.ts';

const ctx = (path: string): RuleContext => ({ file: { path, role: fileRole(path) }, options: {}, profile: 'recommended' });
const range = { start_line: 1, start_column: 1, end_line: 1, end_column: 2 };

function reported(path: string | undefined, report: Report): Report[] {
  const got: Report[] = [];
  lowerOutsideProduction((r) => got.push(r), path === undefined ? undefined : ctx(path), 'low')(report);
  return got;
}

describe('lowerOutsideProduction', () => {
  it('leaves a production file\'s finding at the rule\'s severity', () => {
    assert.deepEqual(reported('docker-compose.yml', { range }), [{ range }]);
    assert.deepEqual(reported(undefined, { range }), [{ range }]);
  });
  it('lowers findings of development, test, CI and example files', () => {
    for (const path of ['docker-compose.dev.yml', 'test/Dockerfile', 'compose.ci.yaml', 'examples/app/compose.yaml']) {
      assert.deepEqual(reported(path, { range }), [{ range, severity: 'low' }], path);
    }
  });
  it('keeps a severity the rule chose for the finding', () => {
    assert.deepEqual(reported('dev/Dockerfile', { range, severity: 'high' }), [{ range, severity: 'high' }]);
  });
});
