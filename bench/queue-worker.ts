// A worker of one queue system in its own process, for the queue suite's kill -9 case: it takes jobs of kind
// `hang` and never finishes them, printing "claimed" when one starts, until the suite kills it with SIGKILL.
// Usage: node bench/queue-worker.ts ours|pg-boss|graphile-worker <database url>
import { createLogger } from '../src/logger.ts';
import { openPostgres } from '../src/storage/postgres.ts';
import { startWorker } from '../src/worker/runner.ts';
import { LEASE_MS } from './queue-systems.ts';

const [system, url] = process.argv.slice(2) as [string, string];
const hang = () => {
  process.stdout.write('claimed\n');
  return new Promise<void>(() => undefined);
};

if (system === 'ours') {
  const db = await openPostgres({ url });
  startWorker([{ kind: 'hang', leaseMs: LEASE_MS, run: hang }], { db, clock: () => new Date(), log: createLogger('silent') }, { concurrency: 1 });
} else if (system === 'pg-boss') {
  const { default: PgBoss } = await import('pg-boss');
  const boss = new PgBoss({ connectionString: url });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.createQueue('hang');
  await boss.work('hang', { pollingIntervalSeconds: 0.5 }, hang);
} else {
  const { run } = await import('graphile-worker');
  await run({ connectionString: url, concurrency: 1, pollInterval: 500, noHandleSignals: true, taskList: { hang } });
}
process.stdout.write('ready\n');
