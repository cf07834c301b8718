// Where the peers' checkouts are: a directory given by `--peers DIR` or CONFGATE_PEERS, holding one folder per
// peer named after its repository (hadolint, buildkit, trivy-checks, checkov, kics, docker-compose-linter). They
// are never committed or copied into our tree; the benchmark only reads them.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { optionValue } from '../options.ts';
import { PEERS } from '../../src/rules/coverage/peers.ts';
import type { Peer } from '../../src/rules/coverage/types.ts';

/** The peers directory from the command line (`--peers DIR` or `--peers=DIR`), else CONFGATE_PEERS. */
export function peersDir(argv: readonly string[] = process.argv, env: NodeJS.ProcessEnv = process.env): string | undefined {
  return optionValue('peers', argv) ?? (env['CONFGATE_PEERS'] || undefined);
}

/** The folder of one peer's checkout inside the peers directory. */
export function checkoutOf(dir: string, peer: Peer): string {
  return path.join(dir, peer.repository.split('/')[1]!);
}

/** How to get the checkouts, printed when none were given. */
export function howToGetThem(): string {
  const lines = [
    'peers: no checkouts given. Put the peers\' repositories (at the commits below) into one directory and run',
    '  CONFGATE_PEERS=DIR npm run bench -- peers      (or: npm run bench -- peers --peers DIR)',
    'e.g. for each peer: git clone https://github.com/<repository> DIR/<name> && git -C DIR/<name> checkout <commit>',
    'The paths the benchmark reads are enough (git archive <commit> <paths> | tar -x -C DIR/<name>).',
  ];
  for (const p of PEERS) lines.push(`  ${p.repository.padEnd(38)} ${p.commit}  ${p.casePaths.join(' ')}`);
  return lines.join('\n');
}

/** Every file under `dir` (relative paths, sorted), or none when it does not exist. */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const name of readdirSync(path.join(dir, rel)).sort()) {
      const r = rel ? `${rel}/${name}` : name;
      if (statSync(path.join(dir, r)).isDirectory()) walk(r);
      else out.push(r);
    }
  };
  walk('');
  return out;
}

export function read(file: string): string {
  return readFileSync(file, 'utf8');
}
