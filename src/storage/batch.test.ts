// BatchWriter over a write function that records what it is given and fails on demand (the function is the writer's
// input, not a stand-in for the database: storage tests write real batches to both stores).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BatchWriter } from './batch.ts';

function recorder(options: { maxItems?: number; maxPerWrite?: number } = {}) {
  const writes: number[][] = [];
  const errors: [string, number][] = [];
  /** Calls (1-based) that fail. */
  const failing = new Set<number>();
  let calls = 0;
  const writer = new BatchWriter<number>(
    async (items) => {
      if (failing.has(++calls)) throw new Error('store down');
      writes.push([...items]);
    },
    { intervalMs: 60_000, maxItems: options.maxItems ?? 1000, ...(options.maxPerWrite === undefined ? {} : { maxPerWrite: options.maxPerWrite }), onError: (err, dropped) => errors.push([err.message, dropped]) },
  );
  return { writer, writes, errors, fail: (...nth: number[]) => nth.forEach((n) => failing.add(n)) };
}

describe('BatchWriter', () => {
  it('writes everything buffered in one write by default, in order', async () => {
    const r = recorder();
    for (let i = 0; i < 5; i++) r.writer.add(i);
    await r.writer.flush();
    assert.deepEqual(r.writes, [[0, 1, 2, 3, 4]]);
    await r.writer.flush();
    assert.equal(r.writes.length, 1, 'nothing left to write');
  });

  it('writes a large flush in chunks of maxPerWrite, in order', async () => {
    const r = recorder({ maxPerWrite: 2 });
    for (let i = 0; i < 5; i++) r.writer.add(i);
    await r.writer.flush();
    assert.deepEqual(r.writes, [[0, 1], [2, 3], [4]]);
  });

  it('lets the event loop run other work between two chunks', async () => {
    const r = recorder({ maxPerWrite: 2 });
    for (let i = 0; i < 5; i++) r.writer.add(i);
    const seen: number[] = [];
    // An I/O callback or timer waiting meanwhile runs as a check-phase callback would: after the first chunk.
    setImmediate(() => seen.push(r.writes.length));
    await r.writer.flush();
    assert.deepEqual(seen, [1]);
    assert.deepEqual(r.writes, [[0, 1], [2, 3], [4]]);
  });

  it('a chunk that fails is kept with everything after it; what was written is not written again', async () => {
    const r = recorder({ maxPerWrite: 2 });
    for (let i = 0; i < 5; i++) r.writer.add(i);
    r.fail(2); // the first chunk is written, the second fails
    await r.writer.flush();
    assert.deepEqual(r.writes, [[0, 1]]);
    assert.deepEqual(r.errors, [['store down', 0]]);
    r.writer.add(5);
    await r.writer.flush();
    assert.deepEqual(r.writes, [[0, 1], [2, 3], [4, 5]]);
  });

  it('keeps at most maxItems while writes fail, dropping the oldest and counting them', async () => {
    const r = recorder({ maxItems: 3 });
    for (let i = 0; i < 5; i++) r.writer.add(i);
    r.fail(1);
    await r.writer.flush();
    assert.deepEqual(r.errors, [['store down', 2]]);
    await r.writer.flush();
    assert.deepEqual(r.writes, [[2, 3, 4]]);
  });
});
