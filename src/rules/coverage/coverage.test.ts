// The coverage map accounts for every peer rule: each is the same check as one of ours (declared in `equivalents`),
// planned, or not adopted with a reason — never two of these, never none. Our `equivalents` name real peer rules.
// (docs/rules/coverage.md being current is the registry test's: it renders every file of docs/rules.)
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ANALYSIS_RULES, ruleById } from '../../analysis/catalogue.ts';
import { coverage, equivalentKeys, STALE_EQUIVALENTS, unknownEquivalents } from './coverage.ts';
import { PEERS } from './peers.ts';
import type { Peer } from './types.ts';
import { PEER_TOOLS } from './types.ts';
import { renderCoverage } from './render.ts';

const label = (e: { peer: Peer; rule: { id: string } }) => `${e.peer.tool}:${e.rule.id}`;

describe('peer coverage map', () => {
  it('lists each peer once, at a full commit, with unique rule ids', () => {
    assert.deepEqual(PEERS.map((p) => p.tool).sort(), [...PEER_TOOLS].sort());
    for (const p of PEERS) {
      assert.match(p.commit, /^[0-9a-f]{40}$/, `${p.tool}: commit`);
      assert.match(p.repository, /^[\w.-]+\/[\w.-]+$/, `${p.tool}: repository`);
      const keys = p.rules.flatMap((r) => equivalentKeys(p, r));
      assert.equal(new Set(keys).size, keys.length, `${p.tool}: rule ids and aliases are unique`);
      assert.ok(p.rules.every((r) => r.name.trim().length > 0), `${p.tool}: every rule has a name`);
    }
  });

  it('every peer rule is mapped, planned or not adopted', () => {
    const undecided = coverage(ANALYSIS_RULES).filter((e) => e.status === 'undecided').map(label);
    assert.deepEqual(undecided, [], 'declare the rule in an `equivalents`, or give it `planned` or `notAdopted` in src/rules/coverage/');
  });

  it('a mapped peer rule carries no other decision, and a decision is one reason', () => {
    const entries = coverage(ANALYSIS_RULES);
    const stale = entries.filter((e) => e.status === 'mapped' && (e.rule.planned !== undefined || e.rule.notAdopted !== undefined));
    assert.deepEqual(stale.map((e) => `${label(e)} -> ${e.ours.map((m) => m.id).join(',')}`), [], 'now mapped: remove its planned/notAdopted entry');
    for (const { peer, rule } of entries) {
      assert.ok(!(rule.planned !== undefined && rule.notAdopted !== undefined), `${peer.tool}:${rule.id}: planned or not adopted, not both`);
      for (const reason of [rule.planned, rule.notAdopted]) if (reason !== undefined) assert.ok(reason.trim().length >= 20, `${peer.tool}:${rule.id}: a written reason`);
      if (rule.candidates) {
        assert.ok(rule.planned !== undefined, `${peer.tool}:${rule.id}: candidates belong to planned rules`);
        for (const id of rule.candidates) assert.ok(ruleById(id), `${peer.tool}:${rule.id}: candidate ${id} is one of our rules`);
      }
    }
  });

  it('a deliberate disagreement belongs to a mapped rule, names its cases and gives a reason', () => {
    for (const e of coverage(ANALYSIS_RULES)) {
      for (const d of e.rule.disagreements ?? []) {
        assert.equal(e.status, 'mapped', `${label(e)}: disagreements are about cases of a rule we answer`);
        assert.ok(d.kind === 'verdict' || d.kind === 'placement', `${label(e)}: kind`);
        assert.ok(d.cases.length > 0 && d.cases.every((c) => c.trim() !== '' && !/\s@|@\s/.test(c)), `${label(e)}: named cases`);
        assert.ok(d.reason.trim().length >= 20, `${label(e)}: a written reason`);
        // A placement named case by case says the peer's line and ours (`file@3>5`); a verdict names the case only.
        for (const c of d.cases.filter((x) => !x.endsWith('/'))) {
          if (d.kind === 'placement') assert.match(c, /@\d+>\d+$/, `${label(e)}: placement ${c} names the peer's line and ours`);
          else assert.doesNotMatch(c, />/, `${label(e)}: verdict ${c} names no line of ours`);
        }
      }
    }
  });

  it('a scope names one of the rules that declare the peer rule, a valid pattern and why', () => {
    for (const e of coverage(ANALYSIS_RULES)) {
      const scope = e.rule.scope;
      if (!scope) continue;
      assert.ok(e.ours.some((m) => m.id === scope.rule), `${label(e)}: ${scope.rule} declares it`);
      assert.doesNotThrow(() => new RegExp(scope.pattern), `${label(e)}: pattern`);
      assert.ok(scope.why.trim().length >= 20, `${label(e)}: a written reason`);
    }
  });

  it('the coverage page says where we differ on purpose, with the reason', () => {
    const page = renderCoverage(ANALYSIS_RULES);
    const row = page.split('\n').find((l) => l.startsWith('| `DL3042` |'))!;
    assert.match(row, /differs on purpose in 12 of its test cases \(judged otherwise\): pip turns its cache off/);
  });

  it('our equivalents name rules the peers have (or are listed to be corrected)', () => {
    const unknown = unknownEquivalents(ANALYSIS_RULES).filter(([, e]) => !(e in STALE_EQUIVALENTS));
    assert.deepEqual(unknown, [], 'an equivalent names no rule of the peer at the recorded commit');
    const declared = new Set(ANALYSIS_RULES.flatMap((m) => m.equivalents));
    for (const key of Object.keys(STALE_EQUIVALENTS)) assert.ok(declared.has(key), `${key} is no longer declared: remove it from STALE_EQUIVALENTS`);
  });

  it('counts an equivalent made through an alias, and reports one naming nothing', () => {
    const peer: Peer = { ...PEERS[0]!, tool: 'trivy', rules: [{ id: 'DS-0001', aliases: ['DS001'], name: 'latest tag' }, { id: 'DS-0002', name: 'root', planned: 'a gap to implement here' }] };
    const meta = { ...ANALYSIS_RULES[1]!, id: 'CGD999', equivalents: ['trivy:DS001', 'trivy:DS777'] };
    const [first, second] = coverage([meta], [peer]);
    assert.equal(first!.status, 'mapped');
    assert.deepEqual(first!.ours.map((m) => m.id), ['CGD999']);
    assert.equal(second!.status, 'planned');
    assert.deepEqual(unknownEquivalents([meta], [peer]), [['CGD999', 'trivy:DS777']]);
  });

  it('the coverage page shows each peer rule with our rule or the decision', () => {
    const page = renderCoverage(ANALYSIS_RULES);
    for (const e of coverage(ANALYSIS_RULES)) {
      const row = page.split('\n').find((l) => l.startsWith(`| \`${e.rule.id}\` |`) && page.indexOf(l) > page.indexOf(`## ${e.peer.tool}\n`));
      assert.ok(row, `${label(e)} has a row`);
      if (e.status === 'mapped') for (const m of e.ours) assert.ok(row.includes(`[${m.id}](${m.id}.md)`), `${label(e)} links ${m.id}`);
      else assert.ok(row.includes(e.status === 'planned' ? '**planned**' : 'not adopted'), `${label(e)} shows its decision`);
    }
  });
});
