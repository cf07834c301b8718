import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { StoreUnavailableError } from './db.ts';
import { classify } from './postgres.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('classify (PostgreSQL driver errors)', () => {
  it('marks a database that cannot be reached as unavailable, keeping the cause', () => {
    for (const err of [
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('read ECONNRESET', 'ECONNRESET'),
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is starting up', '57P03'),
      withCode('sorry, too many clients already', '53300'),
      withCode('connection failure', '08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
    ]) {
      const out = classify(err);
      assert.ok(out instanceof StoreUnavailableError, err.message);
      assert.equal(out.cause, err);
    }
  });
  it('leaves every other error as it was', () => {
    for (const err of [withCode('duplicate key value violates unique constraint', '23505'), withCode('syntax error', '42601'), new Error('no account 7'), 'not an error']) {
      assert.equal(classify(err), err);
    }
  });
});
