// Durability of webhook deliveries: the real service (`node src/main.ts`) makes the first attempt while the
// receiver is down and plans a retry; it is stopped before the retry, the retry falls due while nothing runs,
// the receiver comes up, and the restarted service sends the pending delivery — signed, once, nothing lost.
import assert from 'node:assert/strict';
import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../src/config.ts';
import { migrate } from '../src/storage/migrate.ts';
import { bearer, partnerWithKey } from './accounts-fixtures.ts';
import { createTestCa, startDnsServer } from './support/local-sites/index.ts';
import type { DnsServer, TestCa } from './support/local-sites/index.ts';
import { freePort, startService, until } from './support/service.ts';
import { createEmptyStore, openStoreOf } from './support/store.ts';
import { startReceiver } from './webhooks-receiver.ts';

const HOOKS = 'hooks.recovery-partner.com';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let ca: TestCa;
let dns: DnsServer;
let store: Awaited<ReturnType<typeof createEmptyStore>>;
let caDir: string;

before(async () => {
  ca = await createTestCa();
  dns = await startDnsServer({ [HOOKS]: { A: ['127.0.0.1'] } });
  store = await createEmptyStore();
  caDir = mkdtempSync(path.join(tmpdir(), 'confgate-ca-'));
  writeFileSync(path.join(caDir, 'ca.pem'), ca.cert);
});

after(async () => {
  await dns.close();
  await store.remove();
  rmSync(caDir, { recursive: true, force: true });
});

const openStore = () => openStoreOf(store.env);

interface Delivery { status: string; error: string | null; status_code: number | null; next_attempt_at: string | null }

describe('webhook delivery durability', () => {
  it('a retry that fell due while the service was stopped is sent after the restart', async () => {
    const receiverPort = await freePort();
    const env = {
      ...store.env,
      LOG_LEVEL: 'warn',
      SCAN_ALLOWED_CIDRS: '127.0.0.1/32',
      SCAN_DNS_SERVERS: dns.server,
      WEBHOOK_RETRY_DELAYS: '3,3,3,3',
      // The receiver's certificate comes from the test CA: trusted the way production adds CAs.
      NODE_EXTRA_CA_CERTS: path.join(caDir, 'ca.pem'),
    };
    // The embedded store admits one process: set up the partner before the service opens it.
    let db = await openStore();
    await migrate(db);
    const { key } = await partnerWithKey(db, loadConfig(env));
    await db.close();

    const first = await startService(env);
    let scanUrl: string;
    try {
      // A name with no DNS records: the scan fails at once, and its scan.failed event goes out.
      const created = await fetch(`${first.url}/api/v1/scans`, {
        method: 'POST',
        headers: { ...bearer(key), 'content-type': 'application/json' },
        body: JSON.stringify({ domain: 'nothing-here.recovery-partner.com', webhook_url: `https://${HOOKS}:${receiverPort}/hook` }),
      });
      assert.equal(created.status, 202);
      scanUrl = `/api/v1/scans/${((await created.json()) as { data: { id: string } }).data.id}`;
      await until('the first attempt', async () => {
        const res = await fetch(`${first.url}${scanUrl}`, { headers: bearer(key) });
        const { webhook } = ((await res.json()) as { data: { webhook: { attempt_count: number } } }).data;
        return webhook.attempt_count >= 1 ? true : undefined;
      });
    } finally {
      assert.equal(await first.stop('SIGTERM'), 0, first.output());
    }

    db = await openStore();
    const [pending] = await db.query<{ next_attempt_at: Date; jobs: number }>(
      `SELECT d.next_attempt_at, (SELECT count(*)::int FROM jobs j WHERE j.payload->>'delivery_id' = d.id) AS jobs
       FROM webhook_deliveries d WHERE d.status = 'pending'`,
    );
    await db.close();
    assert.ok(pending, 'a retry is pending while the service is down');
    assert.equal(pending.jobs, 1, 'with its job in the durable queue');
    await sleep(Math.max(0, new Date(pending.next_attempt_at).getTime() - Date.now()) + 200);

    const receiver = await startReceiver(await ca.issue({ names: [HOOKS] }), { port: receiverPort });
    const second = await startService(env);
    const restartedAt = Math.floor(Date.now() / 1000);
    try {
      const [req] = await until('the pending delivery', async () => (receiver.requests.length > 0 ? receiver.requests : undefined));
      const timestamp = String(req!.headers['x-service-timestamp']);
      assert.ok(Number(timestamp) >= restartedAt - 1, 'sent by the restarted service');
      const expected = createHmac('sha256', createHash('sha256').update(key).digest()).update(`${timestamp}.`).update(req!.body).digest('hex');
      assert.equal(req!.headers['x-service-signature'], `v1=${expected}`);
      assert.equal(JSON.parse(req!.body.toString()).type, 'scan.failed');

      const webhook = await until('the delivery to be recorded', async () => {
        const res = await fetch(`${second.url}${scanUrl}`, { headers: bearer(key) });
        const w = ((await res.json()) as { data: { webhook: { delivered_at: string | null; deliveries: Delivery[] } } }).data.webhook;
        return w.delivered_at !== null ? w : undefined;
      });
      const [latest, ...earlier] = webhook.deliveries;
      assert.deepEqual([latest!.status, latest!.status_code], ['succeeded', 200]);
      assert.ok(earlier.length >= 1);
      for (const d of earlier) assert.deepEqual([d.status, d.error], ['failed', 'connection refused']);
      await sleep(300);
      assert.equal(receiver.requests.length, 1, 'delivered once');
    } finally {
      assert.equal(await second.stop('SIGTERM'), 0, second.output());
      await receiver.close();
    }
    db = await openStore();
    try {
      assert.equal((await db.query("SELECT id FROM jobs WHERE kind = 'deliver-webhook'")).length, 0, 'no delivery job left');
    } finally {
      await db.close();
    }
  });
});
