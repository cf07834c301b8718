// The peers benchmark: reads each peer's tests from its checkout, runs every case through our analysis and prints
// the table of issue #20 (positives caught, negatives clean, per peer and per mapped rule), then every miss, false
// positive and unexpected finding, the cases reported apart (peer configuration, candidates of planned rules) and
// what could not be read. Figures go to bench/results/peers.json (no peer content: paths, lines and rule ids).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PEERS } from '../../src/rules/coverage/peers.ts';
import type { Peer, PeerTool } from '../../src/rules/coverage/types.ts';
import { actionlintCases } from './actionlint.ts';
import { buildkitCases } from './buildkit.ts';
import { checkoutOf } from './checkouts.ts';
import { checkovCases } from './checkov.ts';
import { dclintCases } from './dclint.ts';
import { hadolintCases } from './hadolint.ts';
import { kicsCases } from './kics.ts';
import { listRules } from './rule-lists.ts';
import { coverage } from '../../src/rules/coverage/coverage.ts';
import { OUR_RULES } from './analyze.ts';
import { extras, judge, names, SUITES, suiteOf, tally } from './score.ts';
import type { Outcome, Tally } from './score.ts';
import { trivyCases } from './trivy.ts';
import type { Extraction, Unread } from './types.ts';
import { zizmorCases } from './zizmor.ts';

const READERS: Record<PeerTool, (checkout: string) => Extraction> = {
  hadolint: hadolintCases,
  buildkit: buildkitCases,
  trivy: trivyCases,
  checkov: checkovCases,
  kics: kicsCases,
  dclint: dclintCases,
  zizmor: zizmorCases,
  actionlint: actionlintCases,
};

const pct = (n: number, d: number) => (d === 0 ? '–' : `${Math.floor((n / d) * 1000) / 10} %`);
const frac = (n: number, d: number) => `${n} / ${d} (${pct(n, d)})`;
/** The figure without the cases we disagree with on purpose, when there are some: `; 40 / 41 (97.5 %) without 3 deliberate`. */
const without = (n: number, d: number, apart: number) => (apart === 0 ? '' : `; ${frac(n, d - apart)} without ${apart} deliberate`);

/** The checkout's commit when it is a git work tree, to compare with the one the coverage map records. */
function checkoutCommit(dir: string): string | undefined {
  if (!existsSync(path.join(dir, '.git'))) return undefined;
  try {
    return execFileSync('git', ['-C', dir, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}

/** Rule ids the checkout lists that the coverage map does not, and the reverse. */
function drift(peer: Peer, checkout: string): { added: string[]; gone: string[] } {
  const listed = listRules(peer.tool, checkout) ?? [];
  const mine = new Set(peer.rules.map((r) => r.id));
  const theirs = new Set(listed.map((r) => r.id));
  return { added: [...theirs].filter((id) => !mine.has(id)), gone: [...mine].filter((id) => !theirs.has(id)) };
}

function describe(o: Outcome): string {
  const c = o.case;
  const ours = o.ours.map((m) => `${m.id}${m.optIn ? '*' : ''}`).join(',');
  const expected = c.expect === 'positive' ? `a finding${c.line === undefined ? '' : ` at line ${c.line}`}` : 'no finding';
  const got = o.got.length ? o.got.map((f) => `${f.rule}@${f.line}`).join(' ') : 'none';
  return `${c.tool}:${c.rule} [${ours}] ${c.where}${c.config ? ` {${c.config}}` : ''}: expected ${expected}, got ${got}`;
}

function snippet(content: string): string {
  const lines = content.replace(/\n+$/, '').split('\n');
  const shown = lines.slice(0, 14).map((l, i) => `      ${String(i + 1).padStart(3)}| ${l}`);
  return [...shown, ...(lines.length > 14 ? [`      …(${lines.length - 14} more lines)`] : [])].join('\n');
}

const brief = (o: Outcome) => ({
  where: o.case.where,
  rule: o.case.rule,
  ours: o.ours.map((m) => m.id),
  ...(o.case.line === undefined ? {} : { line: o.case.line }),
  ...(o.case.config ? { config: o.case.config } : {}),
  got: o.got.map((f) => `${f.rule}@${f.line}`),
});

export async function runPeers(dir: string, verbose: boolean): Promise<Record<string, unknown>> {
  const outcomes: Outcome[] = [];
  const unread: (Unread & { tool: PeerTool })[] = [];
  const sources: Record<string, unknown> = {};
  for (const peer of PEERS) {
    const checkout = checkoutOf(dir, peer);
    if (!existsSync(checkout)) {
      console.log(`${peer.tool}: no checkout at ${checkout}; skipped`);
      sources[peer.tool] = { checkout: null };
      continue;
    }
    const commit = checkoutCommit(checkout);
    const { added, gone } = drift(peer, checkout);
    const read = READERS[peer.tool](checkout);
    const started = performance.now();
    outcomes.push(...judge(read.cases));
    unread.push(...read.unread.map((u) => ({ ...u, tool: peer.tool })));
    const ms = performance.now() - started;
    sources[peer.tool] = { repository: peer.repository, expected_commit: peer.commit, checkout_commit: commit ?? 'unknown (not a git work tree)', cases: read.cases.length, unread: read.unread.length, rules_added_upstream: added, rules_gone_upstream: gone };
    console.log(`${peer.tool}: ${read.cases.length} cases, ${read.unread.length} test sources not read, analyzed in ${ms.toFixed(0)} ms${commit && commit !== peer.commit ? `; CHECKOUT AT ${commit}, the map records ${peer.commit}` : ''}`);
    if (added.length || gone.length) console.log(`  rule list differs from the coverage map: new upstream ${added.join(' ') || '-'}; gone upstream ${gone.join(' ') || '-'}`);
  }

  const measured = outcomes.filter((o) => o.bucket === 'measured');
  const rows: Record<string, Tally & { extra: number; config: Tally; unmapped: number; otherType: number }> = {};
  console.log('\n| peer suite | their positive cases we catch | their negative cases we keep clean | apart: needs peer configuration (pos / neg) | unmapped cases | not read |');
  console.log('|---|---|---|---|---|---|');
  for (const s of SUITES) {
    const mine = outcomes.filter((o) => suiteOf(o.case) === s.suite);
    if (mine.length === 0) continue;
    const t = tally(mine.filter((o) => o.bucket === 'measured'));
    const cfg = tally(mine.filter((o) => o.bucket === 'config'));
    const extra = extras(mine.filter((o) => o.bucket === 'measured')).length;
    const unmapped = mine.filter((o) => o.bucket === 'unmapped' || o.bucket === 'candidate').length;
    const otherType = mine.filter((o) => o.bucket === 'other-type').length;
    rows[s.suite] = { ...t, extra, config: cfg, unmapped, otherType };
    const lineNote = t.inBlock || t.elsewhere ? ` (${t.caught + t.inBlock} within the instruction or YAML block there, ${t.caught + t.inBlock + t.elsewhere} at any line)` : '';
    const extraNote = extra ? `; ${extra} findings at lines the peer does not report` : '';
    const notRead = unread.filter((u) => u.tool === s.tool && (s.tool !== 'kics' || u.where.includes(s.suite === 'kics compose' ? 'dockerCompose' : 'dockerfile'))).length;
    console.log(`| ${s.title} | ${frac(t.caught, t.positives)}${lineNote}${without(t.caught, t.positives, t.deliberatePositives)} | ${frac(t.clean, t.negatives)}${extraNote}${without(t.clean, t.negatives, t.deliberateNegatives)} | ${cfg.caught}/${cfg.positives} · ${cfg.clean}/${cfg.negatives} | ${unmapped + otherType} | ${notRead} |`);
  }

  console.log('\nPer mapped peer rule (ours; * = opt-in): positives caught, negatives clean');
  const perRule: Record<string, unknown> = {};
  const ruleKeys = [...new Set(measured.map((o) => `${o.case.tool}:${o.case.rule}`))];
  for (const key of ruleKeys) {
    const mine = measured.filter((o) => `${o.case.tool}:${o.case.rule}` === key);
    const t = tally(mine);
    const ours = [...new Set(mine.flatMap((o) => o.ours.map((m) => `${m.id}${m.optIn ? '*' : ''}`)))].join(',');
    perRule[key] = { ours: ours.split(','), ...t };
    const open = t.caught + t.deliberatePositives < t.positives || t.clean + t.deliberateNegatives < t.negatives;
    const flag = open ? '  <-' : t.deliberatePositives + t.deliberateNegatives > 0 ? `  (${t.deliberatePositives + t.deliberateNegatives} deliberate)` : '';
    console.log(`  ${key.padEnd(52)} ${ours.padEnd(22)} pos ${`${t.caught}/${t.positives}`.padStart(7)}   neg ${`${t.clean}/${t.negatives}`.padStart(7)}${flag}`);
  }

  const misses = measured.filter((o) => o.case.expect === 'positive' && !o.ok && !o.deliberate);
  const fps = measured.filter((o) => o.case.expect === 'negative' && !o.ok && !o.deliberate);
  const deliberate = measured.filter((o) => o.deliberate);
  const extraList = extras(measured);
  const section = (title: string, list: readonly Outcome[]) => {
    console.log(`\n${title} (${list.length})`);
    for (const o of list) {
      console.log(`  ${describe(o)}`);
      if (verbose) console.log(snippet(o.case.content));
    }
  };
  section('Misses: positive cases we do not catch (deliberate disagreements apart, below)', misses);
  section('False positives: negative cases we report', fps);
  console.log(`\nFindings at lines the peer does not report, in its positive files (${extraList.length})`);
  for (const e of extraList) console.log(`  ${e.rule} [${e.ours.join(',')}] ${e.where}: ${e.found}@${e.line}, peer reports line(s) ${e.expected.join(',')}`);

  console.log(`\nDeliberate disagreements: cases counted above as missed or dirty on purpose (${deliberate.length}; reasons in src/rules/coverage/)`);
  const reasons = new Map<string, Outcome[]>();
  for (const o of deliberate) reasons.set(o.deliberate!.reason, [...(reasons.get(o.deliberate!.reason) ?? []), o]);
  for (const [reason, list] of reasons) {
    console.log(`  ${list[0]!.case.tool}:${list[0]!.case.rule} [${list[0]!.deliberate!.kind}, ${list.length} case${list.length > 1 ? 's' : ''}] ${reason}`);
    for (const o of list) console.log(`    ${describe(o)}`);
  }

  // A listed case that no longer behaves as listed (now caught, clean, or placed elsewhere) is counted as an ordinary
  // case; its entry is stale and should go.
  const stale: string[] = [];
  for (const e of coverage(OUR_RULES)) {
    for (const d of e.rule.disagreements ?? []) {
      for (const w of d.cases) {
        if (w.endsWith('/')) continue;
        const one = { ...d, cases: [w] };
        if (!outcomes.some((o) => o.deliberate?.reason === d.reason && o.deliberate.kind === d.kind && o.case.tool === e.peer.tool && o.case.rule === e.rule.id && names(one, o.case))) stale.push(`${e.peer.tool}:${e.rule.id} ${w}`);
      }
    }
  }
  console.log(`\nListed disagreement cases that no case behaves as (stale entries: remove them) (${stale.length})`);
  for (const s of stale) console.log(`  ${s}`);

  const apart = outcomes.filter((o) => o.bucket === 'config');
  section('Apart: cases needing the peer\'s non-default configuration, not ok', apart.filter((o) => !o.ok));

  const candidates = outcomes.filter((o) => o.bucket === 'candidate');
  console.log('\nPlanned peer rules judged against their candidate equivalents (not in the table)');
  const perCandidate: Record<string, unknown> = {};
  for (const key of [...new Set(candidates.map((o) => `${o.case.tool}:${o.case.rule}`))]) {
    const mine = candidates.filter((o) => `${o.case.tool}:${o.case.rule}` === key);
    const t = tally(mine);
    perCandidate[key] = { candidates: mine[0]!.ours.map((m) => m.id), ...t };
    const near = t.inBlock ? ` (+${t.inBlock} in the instruction)` : '';
    console.log(`  ${key.padEnd(52)} ${mine[0]!.ours.map((m) => m.id).join(',').padEnd(22)} pos ${`${t.caught}/${t.positives}`.padStart(7)}   neg ${`${t.clean}/${t.negatives}`.padStart(7)}${near}`);
  }
  if (verbose) section('Candidate cases not ok', candidates.filter((o) => !o.ok));

  const otherType = outcomes.filter((o) => o.bucket === 'other-type');
  console.log(`\nCases of a mapped rule whose mapped rules are all of another file type (${otherType.length}): ${[...new Set(otherType.map((o) => `${o.case.tool}:${o.case.rule} (${o.case.fileType})`))].join(', ') || '-'}`);
  const unmapped = outcomes.filter((o) => o.bucket === 'unmapped');
  const unmappedRules = new Map<string, number>();
  for (const o of unmapped) unmappedRules.set(`${o.case.tool}:${o.case.rule}`, (unmappedRules.get(`${o.case.tool}:${o.case.rule}`) ?? 0) + 1);
  console.log(`Cases of unmapped peer rules (${unmapped.length}): ${[...unmappedRules].map(([k, n]) => `${k} (${n})`).join(', ')}`);
  console.log(`\nTest sources not read (${unread.length})`);
  for (const u of unread) console.log(`  ${u.tool} ${u.where}: ${u.why}`);

  return {
    sources,
    table: rows,
    per_rule: perRule,
    misses: misses.map(brief),
    false_positives: fps.map(brief),
    stale_disagreements: stale,
    deliberate_disagreements: deliberate.map((o) => ({ ...brief(o), kind: o.deliberate!.kind, reason: o.deliberate!.reason })),
    unexpected_findings: extraList,
    apart_not_ok: apart.filter((o) => !o.ok).map(brief),
    candidates: perCandidate,
    other_type_cases: otherType.length,
    unmapped_cases: unmapped.length,
    unread,
  };
}
