// How many of the peer linters' own test cases our analysis passes (issue #20): hadolint, BuildKit, Trivy,
// Checkov, KICS and dclint, read from their checkouts (`--peers DIR` or CONFGATE_PEERS). The baseline is each
// peer's own expectation. Without checkouts it says how to get them and measures nothing. bench/peers/ does the work.
import { howToGetThem, peersDir } from '../peers/checkouts.ts';
import { runPeers } from '../peers/run.ts';
import type { SuiteResult } from '../run.ts';

export default async function run(): Promise<SuiteResult | undefined> {
  const dir = peersDir();
  if (!dir) {
    console.log(howToGetThem());
    return undefined;
  }
  return { suite: 'peers', results: await runPeers(dir, process.argv.includes('--verbose')) };
}
