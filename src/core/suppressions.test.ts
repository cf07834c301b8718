import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseConfgatePragma } from './suppressions.ts';

describe('confgate pragma', () => {
  it('reads ignore and ignore-file with a quoted or bare reason', () => {
    assert.deepEqual(parseConfgatePragma(' confgate ignore=CGD001,no-latest-tag reason="pinned upstream"'), { ids: ['CGD001', 'no-latest-tag'], reason: 'pinned upstream', scope: 'next' });
    assert.deepEqual(parseConfgatePragma('confgate ignore-file = CGC010 reason=dev only'), { ids: ['CGC010'], reason: 'dev only', scope: 'file' });
    assert.deepEqual(parseConfgatePragma("CONFGATE ignore=x reason='why'"), { ids: ['x'], reason: 'why', scope: 'next' });
  });
  it('prose that starts with the word Confgate is no pragma', () => {
    for (const text of [' Confgate with PostgreSQL: run it like this', 'confgate', ' Confgate is great', 'confgate: notes', 'CONFGATE rocks']) {
      assert.equal(parseConfgatePragma(text), undefined, text);
    }
  });
  it('attempts without a rule, a reason, or in another form are errors that suppress nothing', () => {
    assert.deepEqual(parseConfgatePragma('confgate ignore=CGD001'), { error: 'no-reason' });
    assert.deepEqual(parseConfgatePragma('confgate ignore= reason="x"'), { error: 'no-rule' });
    assert.deepEqual(parseConfgatePragma('confgate ignore CGD001'), { error: 'malformed' });
    assert.deepEqual(parseConfgatePragma('confgate disable=CGD001 reason="x"'), { error: 'malformed' });
    assert.deepEqual(parseConfgatePragma('confgate ignor CGD001 reason="typo"'), { error: 'malformed' });
  });
});
