// `npm run snapshots:update`: rewrites test/snapshots/reports.json from the service's current answers, after a
// change meant to alter reports (scoring, severities, messages, examples). Review the diff: it names every case
// whose answers changed.
import { writeFileSync } from 'node:fs';
import { computeSnapshots, SNAPSHOT_FILE, snapshotFileText } from '../test/support/report-snapshots.ts';

const cases = await computeSnapshots();
writeFileSync(SNAPSHOT_FILE, snapshotFileText(cases));
console.log(`test/snapshots/reports.json: ${Object.keys(cases).length} cases`);
