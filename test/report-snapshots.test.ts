// npm test: store-agnostic — the service answers here only through its analysis API; nothing read or asserted depends on the store.
// Reports, SARIF, the analyzer page and the rule catalogue answer byte for byte as recorded in
// test/snapshots/reports.json, for every fixture and rule example (test/support/report-snapshots.ts). A refactoring
// must leave them all unchanged; a change meant to alter reports regenerates the file with `npm run snapshots:update`.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { computeSnapshots, readSnapshots } from './support/report-snapshots.ts';

describe('report snapshots', () => {
  it('every case answers as recorded (after an intended change: npm run snapshots:update)', async () => {
    const recorded = readSnapshots();
    const now = await computeSnapshots();
    const changed = Object.keys(now).filter((name) => name in recorded && recorded[name] !== now[name]);
    const added = Object.keys(now).filter((name) => !(name in recorded));
    const removed = Object.keys(recorded).filter((name) => !(name in now));
    assert.deepEqual({ changed, added, removed }, { changed: [], added: [], removed: [] });
    assert.ok(Object.keys(now).length > 500, `${Object.keys(now).length} cases`);
  });
});
