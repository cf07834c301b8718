// The scan-domain task: runs one partner scan and records its outcome. Order matters: the domain lock first
// (one running scan per domain across all workers; busy → postponed, no attempt used) and `processing`, in one
// transaction (a scan found finished by then is left alone), then the network (never inside a transaction), then
// the final state in one transaction (`finishScan`): the life cycle of src/lifecycle/scans.ts.
// Outcomes the scanner reports (no address, refused address or port, nothing answering) are final; job retries
// are for infrastructure faults (a worker dying mid-scan, a database error), bounded by SCAN_MAX_ATTEMPTS.
import type { Config } from '../../config.ts';
import { analyzeText } from '../../core/analyze.ts';
import { RULESET_VERSION } from '../../analysis/catalogue.ts';
import { fileType } from '../../analysis/file-types/index.ts';
import { ConnectError, createConnector } from '../../net/index.ts';
import { scanDomain, ScanInputError, ScanTargetRefusedError } from '../../scan/index.ts';
import type { ScanOptions } from '../../scan/index.ts';
import { finishScan, startScan } from '../../lifecycle/scans.ts';
import { domainFree, isFinished, SCAN_DOMAIN_KIND, scanById } from '../../storage/scans.ts';
import type { ScanOutcome } from '../../storage/scans.ts';
import { Postpone } from '../runner.ts';
import type { Task, TaskContext } from '../runner.ts';

/** The public failure codes of a scan; messages say what happened, never internal detail. */
export const SCAN_FAILURES = {
  dns_failure: 'The domain name could not be resolved to an address.',
  target_not_allowed: 'The domain resolves to, or its site redirects to, an address or port that cannot be scanned (only public addresses on ports 80 and 443).',
  unreachable: 'The site answered neither over HTTPS nor over HTTP.',
  invalid_domain: 'The domain is not a valid public domain name.',
  scan_timeout: 'The scan did not finish in time; create a new scan to try again.',
  scan_error: 'The scan could not be completed because of an internal error; create a new scan to try again.',
} as const;

export type ScanFailureCode = keyof typeof SCAN_FAILURES;

const failure = (code: ScanFailureCode): ScanOutcome => ({ status: 'failed', code, message: SCAN_FAILURES[code] });

/** A busy domain is retried after this (plus jitter, so waiting scans of one domain do not wake together). */
const BUSY_RETRY_MS = 2000;

/** Resolves and vets the name once before scanning: the scanner turns network problems into `error` checks,
 * which would score an unreachable site as clean; these cases are failed scans instead. */
async function scanOutcome(domain: string, options: ScanOptions): Promise<ScanOutcome> {
  try {
    await createConnector(options).vet(domain);
  } catch (err) {
    if (!(err instanceof ConnectError)) throw err;
    if (err.code === 'dns') return failure('dns_failure');
    if (err.code === 'refused-address') return failure('target_not_allowed');
    if (err.code === 'refused-host') return failure('invalid_domain');
    throw err;
  }
  let result;
  try {
    result = await scanDomain(domain, options);
  } catch (err) {
    if (err instanceof ScanInputError) return failure('invalid_domain');
    if (err instanceof ScanTargetRefusedError) return failure('target_not_allowed');
    throw err;
  }
  if (result.checks.find((c) => c.id === 'https-available')?.status === 'error') return failure('unreachable');
  return { status: 'completed', result: result as unknown as Record<string, unknown> };
}

async function record(ctx: TaskContext, scanId: string, outcome: ScanOutcome): Promise<void> {
  await finishScan(ctx.db, scanId, outcome, ctx.clock());
}

/** `extra` carries scanner options that are not settings: the test CA that tests and the bench trust. */
export function scanDomainTask(config: Config, extra: Pick<ScanOptions, 'ca'> = {}): Task {
  const options: ScanOptions = {
    publicBaseUrl: config.publicBaseUrl,
    allowedCidrs: config.scan.allowedCidrs,
    dnsServers: config.scan.dnsServers,
    ...(config.scan.httpPort !== undefined ? { httpPort: config.scan.httpPort } : {}),
    ...(config.scan.httpsPort !== undefined ? { httpsPort: config.scan.httpsPort } : {}),
    ...(config.scan.dnssecTrustAnchors !== undefined ? { dnssecTrustAnchors: config.scan.dnssecTrustAnchors } : {}),
    ...(config.scan.hstsPreload !== undefined ? { hstsPreload: config.scan.hstsPreload } : {}),
    analyzeExposedFile: (kind, text) => analyzeText<unknown>(fileType(kind).analyzer, text, { helpBaseUrl: config.publicBaseUrl }, RULESET_VERSION).findings,
    ...extra,
  };
  return {
    kind: SCAN_DOMAIN_KIND,
    leaseMs: config.scan.leaseMs,
    async run(job, ctx) {
      const scanId = String(job.payload['scan_id']);
      const scan = await scanById(ctx.db, scanId);
      if (!scan || isFinished(scan.status)) return; // an earlier claim finished it just before its worker died
      // Claims beyond the limit mean earlier ones never finished: their workers died or hung past the lease.
      if (job.attempts > job.max_attempts) return record(ctx, scanId, failure('scan_timeout'));
      const start = await startScan(ctx.db, scan, job, ctx.clock());
      if (start === 'finished') return; // finished (by an earlier claim) since it was read above: nothing to run
      if (start === 'busy') {
        // Finishing the running scan wakes this one; if it finished before this postponement was recorded, the
        // check after postponing finds the domain free and the job is due again at once.
        throw new Postpone(new Date(ctx.clock().getTime() + BUSY_RETRY_MS + Math.floor(Math.random() * 1000)), 'another scan of this domain is running', () => domainFree(ctx.db, scan.domain, scan.id));
      }
      let outcome: ScanOutcome;
      try {
        outcome = await scanOutcome(scan.domain, options);
      } catch (err) {
        if (job.attempts < job.max_attempts) throw err; // the runner retries with backoff
        ctx.log.error({ scan: scanId, error: err instanceof Error ? err.name : 'unknown' }, 'scan failed on its last attempt');
        outcome = failure('scan_error');
      }
      await record(ctx, scanId, outcome);
    },
  };
}
