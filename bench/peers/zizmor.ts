// zizmor's cases are not read yet: its integration tests (crates/zizmor/tests/integration/audit/*.rs) run the CLI
// on test-data/ and compare its whole output with inline insta snapshots, which need a reader of their own. Each
// test source is reported unread, so the table says how much of zizmor is measured (nothing yet), not 100 %.
import path from 'node:path';
import { filesUnder } from './checkouts.ts';
import type { Extraction } from './types.ts';

export function zizmorCases(checkout: string): Extraction {
  const dir = 'crates/zizmor/tests/integration/audit';
  return {
    cases: [],
    unread: filesUnder(path.join(checkout, dir)).filter((f) => f.endsWith('.rs')).map((f) => ({ where: `${dir}/${f}`, why: 'expectations are inline insta snapshots of the CLI output: no reader yet' })),
  };
}
