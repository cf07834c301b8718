// Shared set-up for the multi-process tests (test/scale-out.test.ts, test/chaos/): the real service as several
// processes on one store, scanning loopback sites through a loopback DNS server and delivering signed webhooks to
// an HTTPS receiver on loopback (test CA trusted through NODE_EXTRA_CA_CERTS, as in production). The checks at
// the end are the queue's promises: every scan finished once, one event per scan, every event delivered with
// one id and one body (repeats allowed: delivery is at least once), nothing left in the queue.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '../src/storage/db.ts';
import { verifyWebhook } from '../src/webhooks/verify.ts';
import { bearer } from './accounts-fixtures.ts';
import { createTestCa, startDnsServer, startSite } from './support/local-sites/index.ts';
import type { DnsServer, Site } from './support/local-sites/index.ts';
import { startReceiver } from './webhooks-receiver.ts';
import type { Answer, Receiver } from './webhooks-receiver.ts';

export const HOOKS = 'hooks.fleet-partner.com';

export interface LabOptions {
  /** Names that resolve to the loopback site (scans complete). */
  domains: string[];
  /** How long the site's home page takes: long enough that a killed worker surely dies mid-scan. */
  pageDelayMs?: number;
  /** The receiver's first answers, in order (then 200). */
  receiverStatuses?: Answer[];
  /** How long the receiver takes to answer: long enough that a killed worker may die mid-delivery. */
  receiverDelayMs?: number;
}

export interface Lab {
  dns: DnsServer;
  site: Site;
  receiver: Receiver;
  webhookUrl: string;
  /** The settings that point a service at this lab (TEST-ONLY scanner settings, the test CA). */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startLab(options: LabOptions): Promise<Lab> {
  const ca = await createTestCa();
  const zone = Object.fromEntries([...options.domains, HOOKS].map((d) => [d, { A: ['127.0.0.1'] }]));
  const dns = await startDnsServer(zone);
  const delay = options.pageDelayMs ?? 0;
  const site = await startSite({
    certificate: await ca.issue({ names: options.domains }),
    https: { '/': (_req, res) => void setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><html>fleet</html>'), delay) },
  });
  const receiver = await startReceiver(await ca.issue({ names: [HOOKS] }), { statuses: options.receiverStatuses ?? [], delayMs: options.receiverDelayMs ?? 0 });
  const caDir = mkdtempSync(path.join(tmpdir(), 'confgate-ca-'));
  writeFileSync(path.join(caDir, 'ca.pem'), ca.cert);
  return {
    dns,
    site,
    receiver,
    webhookUrl: `https://${HOOKS}:${receiver.port}/hook`,
    env: {
      LOG_LEVEL: 'warn',
      PARTNER_RATE_LIMIT: '100000/s',
      SCAN_ALLOWED_CIDRS: '127.0.0.1/32',
      SCAN_DNS_SERVERS: dns.server,
      SCAN_HTTP_PORT: String(site.httpPort),
      SCAN_HTTPS_PORT: String(site.httpsPort),
      NODE_EXTRA_CA_CERTS: path.join(caDir, 'ca.pem'),
    },
    async close() {
      await Promise.all([site.close(), dns.close(), receiver.close()]);
      rmSync(caDir, { recursive: true, force: true });
    },
  };
}

export interface ScanData {
  id: string;
  status: string;
  domain: string;
  status_url: string;
  error?: { code: string };
}

/** POST /api/v1/scans; `signal` bounds the wait (a hang is a failure, not a slow answer). */
export async function postScan(apiUrl: string, key: string, body: { domain: string; webhook_url?: string }, idempotencyKey: string, timeoutMs = 15_000) {
  const res = await fetch(`${apiUrl}/api/v1/scans`, {
    method: 'POST',
    headers: { ...bearer(key), 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const json = (await res.json()) as { data?: ScanData; error?: { code: string } };
  return { res, json };
}

export async function getScan(apiUrl: string, key: string, id: string, timeoutMs = 15_000) {
  const res = await fetch(`${apiUrl}/api/v1/scans/${id}`, { headers: bearer(key), signal: AbortSignal.timeout(timeoutMs) });
  return { res, json: (await res.json()) as { data?: ScanData; error?: { code: string } } };
}

export const isFinal = (status: string | undefined) => status === 'completed' || status === 'failed';

interface EventBody {
  id: string;
  type: string;
  data: { id: string; status: string };
}

export interface DeliveryFigures {
  /** Requests the receiver got beyond the first of each event (at-least-once repeats). */
  repeats: number;
  /** Scans whose job was claimed more than once (a worker died or the lease ran out). */
  reclaimed: number;
}

/**
 * The end state promised after any number of process deaths: each scan in a final state (its expected one when
 * given), exactly one event stored per scan, every event received at least once, validly signed, every copy
 * with the same event id and the same bytes, and no job, dead or alive, nor domain lock left.
 */
export async function assertSettled(db: Db, receiver: Receiver, key: string, expected: Map<string, string | undefined>): Promise<DeliveryFigures> {
  const ids = [...expected.keys()];
  const scans = await db.query<{ id: string; status: string; finished: boolean; attempts: number }>(
    'SELECT id, status, finished_at IS NOT NULL AS finished, attempts FROM scans WHERE id = ANY($1)', [ids]);
  assert.equal(scans.length, ids.length, 'every accepted scan is stored');
  for (const s of scans) {
    assert.ok(isFinal(s.status) && s.finished, `${s.id} finished (${s.status})`);
    const want = expected.get(s.id);
    if (want) assert.equal(s.status, want, `${s.id} ended ${want}`);
  }
  const events = await db.query<{ id: string; scan_id: string; type: string; body: Uint8Array }>(
    'SELECT id, scan_id, type, body FROM webhook_events WHERE scan_id = ANY($1)', [ids]);
  assert.equal(events.length, ids.length, 'one event per scan');
  const statusOf = new Map(scans.map((s) => [s.id, s.status]));
  const received = new Map<string, Buffer[]>();
  for (const r of receiver.requests) {
    const verdict = verifyWebhook({ apiKey: key, body: r.body, signatureHeader: r.headers['x-service-signature'], timestampHeader: r.headers['x-service-timestamp'] });
    assert.deepEqual(verdict.ok, true, `signed: ${JSON.stringify(verdict)}`);
    const eventId = String(r.headers['x-service-event-id']);
    received.set(eventId, [...(received.get(eventId) ?? []), r.body]);
  }
  let repeats = 0;
  for (const e of events) {
    const copies = received.get(e.id) ?? [];
    assert.ok(copies.length >= 1, `event of ${e.scan_id} delivered`);
    repeats += copies.length - 1;
    for (const body of copies) assert.ok(Buffer.from(e.body).equals(body), 'every copy carries the stored bytes');
    const parsed = JSON.parse(copies[0]!.toString()) as EventBody;
    assert.deepEqual([parsed.id, parsed.data.id, parsed.type], [e.id, e.scan_id, `scan.${statusOf.get(e.scan_id)}`]);
  }
  const eventIds = new Set(events.map((e) => e.id));
  assert.deepEqual([...received.keys()].filter((id) => !eventIds.has(id)), [], 'no event the store does not know');
  assert.deepEqual(await db.query("SELECT kind, status FROM jobs WHERE kind IN ('scan-domain', 'deliver-webhook')"), [], 'the queue is empty, nothing dead');
  assert.deepEqual(await db.query('SELECT domain FROM scan_domain_locks'), [], 'every domain lock released');
  assert.deepEqual(await db.query("SELECT id FROM webhook_deliveries WHERE status = 'pending'"), [], 'no delivery left pending');
  return { repeats, reclaimed: scans.filter((s) => s.attempts > 1).length };
}
