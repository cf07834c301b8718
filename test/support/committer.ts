// Child process for the kill -9 test: opens the store named by the environment, then commits one job per
// transaction forever, printing each committed id only after its commit returned.
import { loadConfig } from '../../src/config.ts';
import { enqueue } from '../../src/storage/jobs.ts';
import { migrate } from '../../src/storage/migrate.ts';
import { openStore } from '../../src/storage/open.ts';

const db = await openStore(loadConfig());
await migrate(db);
process.stdout.write('ready\n');
for (let i = 0; ; i++) {
  const id = await db.transaction((tx) => enqueue(tx, 'durability', { i }));
  process.stdout.write(`${id}\n`);
}
