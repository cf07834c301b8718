import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FreshReads } from './fresh-reads.ts';

describe('FreshReads', () => {
  it('calls made before the read is sent share it; a call after that gets a read of its own', async () => {
    const reads = new FreshReads<number>();
    let loads = 0;
    const started: number[] = [];
    const load = async () => {
      const n = ++loads;
      started.push(n);
      await new Promise((resolve) => setTimeout(resolve, 20));
      return n;
    };
    const a = reads.get('k', load);
    const b = reads.get('k', load);
    const other = reads.get('j', load);
    // Once the first read is sent (next turn), a new call must not join it: it could miss a change made meanwhile.
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(started, [1, 2], 'both ids sent, once each');
    const c = reads.get('k', load);
    assert.deepEqual(await Promise.all([a, b, other, c]), [1, 1, 2, 3]);
    assert.equal(loads, 3);
  });

  it('a failed read fails the calls that shared it, and the next call reads again', async () => {
    const reads = new FreshReads<string>();
    let calls = 0;
    const failing = async () => {
      calls++;
      throw new Error('store down');
    };
    const results = await Promise.allSettled([reads.get('k', failing), reads.get('k', failing)]);
    assert.deepEqual(results.map((r) => r.status), ['rejected', 'rejected']);
    assert.equal(calls, 1);
    assert.equal(await reads.get('k', async () => 'ok'), 'ok');
  });
});
