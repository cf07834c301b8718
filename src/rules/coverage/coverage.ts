// The coverage map: every rule of every peer linter with the rules of ours that declare it in `equivalents`, or the
// decision recorded for it (planned, not adopted). Derived from metadata each time, so it cannot fall behind.
import type { RuleMeta } from '../../core/rule.ts';
import { PEERS } from './peers.ts';
import type { Peer, PeerRule } from './types.ts';

/** Equivalents naming no rule of the peer at the recorded commit. Listed here (with what to do) until the rule
 * work corrects the rule, so the map stays honest without editing rule files from the benchmark's branch. */
export const STALE_EQUIVALENTS: Readonly<Record<string, string>> = {};

export type CoverageStatus = 'mapped' | 'planned' | 'not-adopted' | 'undecided';

export interface CoverageEntry {
  peer: Peer;
  rule: PeerRule;
  /** Our rules declaring it in `equivalents`. */
  ours: RuleMeta[];
  status: CoverageStatus;
}

/** The `equivalents` entries that name this peer rule: `tool:id` and `tool:alias`. */
export function equivalentKeys(peer: Peer, rule: PeerRule): string[] {
  return [rule.id, ...(rule.aliases ?? [])].map((id) => `${peer.tool}:${id}`);
}

/** Our rules by each `equivalents` entry they declare. */
function byEquivalent(rules: readonly RuleMeta[]): Map<string, RuleMeta[]> {
  const map = new Map<string, RuleMeta[]>();
  for (const m of rules) for (const e of new Set(m.equivalents)) map.set(e, [...(map.get(e) ?? []), m]);
  return map;
}

export function coverage(rules: readonly RuleMeta[], peers: readonly Peer[] = PEERS): CoverageEntry[] {
  const index = byEquivalent(rules);
  return peers.flatMap((peer) =>
    peer.rules.map((rule) => {
      const ours = [...new Set(equivalentKeys(peer, rule).flatMap((k) => index.get(k) ?? []))];
      const status: CoverageStatus = ours.length > 0 ? 'mapped' : rule.planned ? 'planned' : rule.notAdopted ? 'not-adopted' : 'undecided';
      return { peer, rule, ours, status };
    }),
  );
}

/** `equivalents` entries of a peer's tool that name none of its listed rules: `[our rule id, entry]`. */
export function unknownEquivalents(rules: readonly RuleMeta[], peers: readonly Peer[] = PEERS): [string, string][] {
  const known = new Set(peers.flatMap((p) => p.rules.flatMap((r) => equivalentKeys(p, r))));
  const tools = new Set<string>(peers.map((p) => p.tool));
  return rules.flatMap((m) => m.equivalents.filter((e) => tools.has(e.split(':')[0]!) && !known.has(e)).map((e): [string, string] => [m.id, e]));
}
