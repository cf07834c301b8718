// Scaled out on PostgreSQL, as docs/operations.md describes: two API processes (ROLE=api) and two worker processes
// (ROLE=worker) on one database with one SECRET_KEY. Scans are created alternately on each API and read on the
// other; the workers share the queue; every signed event reaches an HTTPS receiver; a manual retry goes through
// the API that did not create the scan. Each scan finishes once, with one event, and the quota counts each once.
// The sign-in limit holds across the two API processes too.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { hashPassword } from '../src/auth/password.ts';
import { loadConfig } from '../src/config.ts';
import { createAccount } from '../src/storage/accounts.ts';
import type { Db } from '../src/storage/db.ts';
import { migrate } from '../src/storage/migrate.ts';
import { bearer, partnerWithKey } from './accounts-fixtures.ts';
import { assertSettled, getScan, isFinal, postScan, startLab } from './fleet.ts';
import type { Lab } from './fleet.ts';
import { startService, until } from './support/service.ts';
import type { Service } from './support/service.ts';
import { createEmptyStore, openStoreOf, STORE } from './support/store.ts';

const QUOTA = 50;
/** Two scans share a domain: the per-domain lock must hold across worker processes. */
const GOOD = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'a'].map((n) => `${n}.fleet-partner.com`);
/** No DNS records: these scans fail (scan.failed events). */
const MISSING = ['x', 'y', 'z'].map((n) => `nothing-${n}.fleet-partner.com`);

interface WebhookView { attempt_count: number; delivered_at: string | null }

// Backend-specific: the embedded store admits one process, so scaling out exists only on PostgreSQL.
if (STORE === 'postgres') describe('scale-out: 2 API + 2 worker processes on one PostgreSQL', () => {
  let lab: Lab;
  let store: Awaited<ReturnType<typeof createEmptyStore>>;
  let db: Db;
  let key: string;
  const apis: Service[] = [];
  const workers: Service[] = [];

  before(async () => {
    // The first delivery is refused: its retry is planned by one worker and may be sent by the other.
    lab = await startLab({ domains: [...new Set(GOOD)], receiverStatuses: [500] });
    store = await createEmptyStore('postgres');
    db = await openStoreOf(store.env, 'postgres');
    await migrate(db);
    key = (await partnerWithKey(db, loadConfig(store.env), { plan: 'enterprise', quota: QUOTA })).key;
    const env = { ...store.env, ...lab.env, WEBHOOK_RETRY_DELAYS: '0.5,0.5,0.5,0.5', SCAN_LEASE_MS: '3000' };
    const started = await Promise.all([
      startService({ ...env, ROLE: 'api' }), startService({ ...env, ROLE: 'api' }),
      startService({ ...env, ROLE: 'worker' }), startService({ ...env, ROLE: 'worker' }),
    ]);
    apis.push(started[0]!, started[1]!);
    workers.push(started[2]!, started[3]!);
  });

  after(async () => {
    const codes = await Promise.all([...apis, ...workers].map((s) => s.stop('SIGTERM')));
    await db?.close();
    await store?.remove();
    await lab?.close();
    assert.deepEqual(codes, codes.map(() => 0), 'every process stopped cleanly');
  });

  it('runs the scan and webhook life cycle across processes, each scan once', async () => {
    const other = (i: number) => apis[(i + 1) % 2]!;
    const domains = [...GOOD, ...MISSING];
    const created: { id: string; on: number; status: string }[] = [];
    for (const [i, domain] of domains.entries()) {
      const { res, json } = await postScan(apis[i % 2]!.url, key, { domain, webhook_url: lab.webhookUrl }, `fleet-${i}`);
      assert.equal(res.status, 202, JSON.stringify(json));
      assert.equal(res.headers.get('x-ratelimit-remaining'), String(QUOTA - i - 1), 'one quota unit per creation, whichever API took it');
      created.push({ id: json.data!.id, on: i % 2, status: MISSING.includes(domain) ? 'failed' : 'completed' });
    }
    // The same creation replayed on the other API finds the same scan and consumes nothing.
    for (const [i, domain] of domains.entries()) {
      const { res, json } = await postScan(other(i).url, key, { domain, webhook_url: lab.webhookUrl }, `fleet-${i}`);
      assert.equal(res.status, 202);
      assert.equal(res.headers.get('idempotent-replayed'), 'true');
      assert.equal(res.headers.get('x-ratelimit-remaining'), null);
      assert.equal(json.data!.id, created[i]!.id);
    }

    for (const c of created) {
      const done = await until(`${c.id} to finish`, async () => {
        const { json } = await getScan(other(c.on).url, key, c.id);
        return isFinal(json.data?.status) ? json.data : undefined;
      }, 60_000);
      assert.equal(done.status, c.status, `${done.domain}: ${JSON.stringify(done.error)}`);
      if (c.status === 'failed') assert.equal(done.error?.code, 'dns_failure');
    }
    for (const c of created) {
      await until(`the event of ${c.id} delivered`, async () => {
        const res = await fetch(`${apis[c.on]!.url}/api/v1/scans/${c.id}`, { headers: bearer(key) });
        const webhook = ((await res.json()) as { data: { webhook: WebhookView } }).data.webhook;
        return webhook.delivered_at !== null ? true : undefined;
      }, 30_000);
    }
    const refused = lab.receiver.requests.length;

    // Manual retries through the API that did not create the scan: one completed, one failed.
    for (const c of [created[0]!, created[created.length - 1]!]) {
      const res = await fetch(`${other(c.on).url}/api/v1/scans/${c.id}/webhook`, { method: 'POST', headers: bearer(key) });
      assert.equal(res.status, 200, await res.clone().text());
      const webhook = ((await res.json()) as { data: WebhookView }).data;
      assert.ok(webhook.attempt_count >= 2 && webhook.delivered_at !== null);
    }
    assert.equal(lab.receiver.requests.length, refused + 2, 'each manual retry is one request');

    const figures = await assertSettled(db, lab.receiver, key, new Map(created.map((c) => [c.id, c.status])));
    // One refused first attempt plus the two manual retries; nothing else was sent twice.
    assert.equal(figures.repeats, 3);
    assert.equal(figures.reclaimed, 0, 'no scan job was claimed twice');
    const [usage] = await db.query<{ used: number }>('SELECT used FROM quota_usage');
    assert.equal(usage?.used, domains.length, 'the quota counts each scan once');
    for (const api of apis) {
      const res = await fetch(`${api.url}/api/v1/usage`, { headers: bearer(key) });
      const quota = ((await res.json()) as { data: { quota: { used: number } } }).data.quota;
      assert.equal(quota.used, domains.length);
    }
  });

  it('holds the sign-in limit across both API processes: of 100 parallel guesses at most 5 are checked', async () => {
    const email = `throttled-${process.pid}@example.test`;
    const password = 'the right password, tried after the guesses';
    await createAccount(db, { email, plan: 'free', passwordHash: await hashPassword(password), approved: true }, new Date());
    const page = await fetch(`${apis[0]!.url}/developer/login`);
    const cookie = page.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const csrf = /name="_csrf" value="([^"]+)"/.exec(await page.text())![1]!;
    const signIn = async (api: Service, guess: string) => {
      const res = await fetch(`${api.url}/developer/login`, {
        method: 'POST', redirect: 'manual', signal: AbortSignal.timeout(60_000),
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ _csrf: csrf, email, password: guess }).toString(),
      });
      await res.arrayBuffer();
      return res.status;
    };
    const statuses = await Promise.all(Array.from({ length: 100 }, (_, i) => signIn(apis[i % 2]!, `wrong password ${i}`)));
    assert.equal(statuses.filter((s) => s === 401).length, 5, 'five guesses had their password checked');
    assert.equal(statuses.filter((s) => s === 429).length, 95, 'the others were refused unchecked');
    assert.deepEqual(await Promise.all(apis.map((api) => signIn(api, password))), [429, 429], 'the right password is refused on both');
  });
});
