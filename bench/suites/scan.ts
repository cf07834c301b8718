// Domain scans per second against a loopback site, sequential and concurrent, next to a plain HTTPS GET of
// the same site measured in the same run (the floor: one scan makes a few dozen such connections).
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import type { SuiteResult } from '../run.ts';
import { scanDomain } from '../../src/scan/index.ts';
import { createTestCa, startDnsServer, startSite } from '../../test/support/local-sites/index.ts';

const DOMAIN = 'bench.example-shop.com';
const CONCURRENCY = 8;

/** Runs `task` with `concurrency` workers for about `ms` and returns completions per second. */
async function throughput(task: () => Promise<unknown>, concurrency: number, ms = 2000): Promise<{ perSecond: number; runs: number }> {
  await task();
  let runs = 0;
  const start = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (performance.now() - start < ms) {
      await task();
      runs++;
    }
  }));
  return { perSecond: runs / ((performance.now() - start) / 1000), runs };
}

export default async function scanSuite(): Promise<SuiteResult> {
  const ca = await createTestCa();
  const dns = await startDnsServer({ [DOMAIN]: { A: ['127.0.0.1'], TXT: ['v=spf1 -all'] }, [`_dmarc.${DOMAIN}`]: { TXT: ['v=DMARC1; p=reject'] } });
  const site = await startSite({
    certificate: await ca.issue({ names: [DOMAIN] }),
    https: { '/': { headers: { 'content-type': 'text/html', 'strict-transport-security': 'max-age=63072000' }, body: '<!doctype html><html><body>bench</body></html>' } },
  });
  try {
    const options = { publicBaseUrl: 'https://confgate.bench', dnsServers: [dns.server], allowedCidrs: ['127.0.0.1/32'], httpPort: site.httpPort, httpsPort: site.httpsPort, ca: ca.cert };
    const get = () => new Promise<void>((resolve, reject) => {
      https.get({ host: '127.0.0.1', port: site.httpsPort, servername: DOMAIN, headers: { host: DOMAIN }, ca: ca.cert, agent: false }, (res) => {
        res.resume();
        res.on('end', resolve);
      }).on('error', reject);
    });
    const scan = () => scanDomain(DOMAIN, options);
    const probe = await scan();
    const results: Record<string, unknown> = { requests_per_scan: probe.requests, concurrency: CONCURRENCY };
    for (const [label, n] of [['sequential', 1], ['concurrent', CONCURRENCY]] as const) {
      const baseline = await throughput(get, n);
      const ours = await throughput(scan, n);
      results[label] = {
        https_get_per_s: Number(baseline.perSecond.toFixed(1)),
        scans_per_s: Number(ours.perSecond.toFixed(2)),
        // Scan throughput as a fraction of plain-GET throughput; 1/requests_per_scan would be "no overhead".
        ratio: Number((ours.perSecond / baseline.perSecond).toFixed(4)),
      };
      console.log(`${label}: ${ours.perSecond.toFixed(2)} scans/s vs ${baseline.perSecond.toFixed(1)} GET/s (ratio ${(ours.perSecond / baseline.perSecond).toFixed(4)}, ${probe.requests} connections per scan)`);
    }
    return { suite: 'scan', results };
  } finally {
    await Promise.all([site.close(), dns.close()]);
  }
}
