// Runs peer cases through our analysis and judges each against the rules its peer rule maps to (our rules that
// declare it in `equivalents`, of the case's file type). A positive is caught when one of them reports — at the
// peer's line when the peer gives one (BuildKit, KICS); a negative is clean when none reports. Cases of planned
// rules with candidate equivalents are judged against the candidates, apart.
import type { RuleMeta } from '../../src/core/rule.ts';
import { coverage } from '../../src/rules/coverage/coverage.ts';
import type { CoverageEntry } from '../../src/rules/coverage/coverage.ts';
import type { Disagreement, PeerTool } from '../../src/rules/coverage/types.ts';
import { analyze, OUR_RULES } from './analyze.ts';
import type { Found } from './analyze.ts';
import type { CaseFileType, PeerCase } from './types.ts';

/** How a case is counted: measured; needing the peer's configuration; against candidates of a planned rule; its
 * rule mapped but to rules of another file type; or its rule not mapped. */
export type Bucket = 'measured' | 'config' | 'candidate' | 'other-type' | 'unmapped';

export interface Outcome {
  case: PeerCase;
  bucket: Bucket;
  /** Our rules the case is judged against. */
  ours: RuleMeta[];
  /** Their findings in the case. */
  got: Found[];
  /** Caught (positive) or clean (negative). */
  ok: boolean;
  /** A positive with a line: caught somewhere in the file. */
  anyLine: boolean;
  /** A positive with a line: caught within what starts there — the instruction with its continuation lines, or the
   * YAML key with the lines indented under it. */
  inBlock: boolean;
  /** A case the coverage map lists as a deliberate disagreement, when we behave as it says (a verdict: we judge it
   * otherwise; a placement: we report it, at another line). Counted in the figures and again apart from them. */
  deliberate?: Disagreement;
}

/** How a disagreement names a case. A case without a line (hadolint, Checkov, a negative) by its `where` (any
 * variant of it, `… (onbuild)`); a case with a line (BuildKit, KICS positives) only as `where@line` — a file named
 * bare does not name each line the peer expects in it. A placement named one by one also says where we report:
 * `where@line>ours`, and holds only while one of our findings is on that line. A folder of the peer's tests (an entry
 * ending in `/`) names every case in it. */
export type Naming = { how: 'exact'; ours?: number } | { how: 'folder' };

export function names(d: Disagreement, c: PeerCase): Naming | undefined {
  for (const w of d.cases) {
    if (w.endsWith('/')) continue;
    const m = /^(.*?)(?:@(\d+)(?:>(\d+))?)?$/.exec(w)!;
    const [, name, at, ours] = m;
    if (c.where !== name && !c.where.startsWith(`${name} (`)) continue;
    if ((c.line === undefined) !== (at === undefined)) continue;
    if (at !== undefined && Number(at) !== c.line) continue;
    return ours === undefined ? { how: 'exact' } : { how: 'exact', ours: Number(ours) };
  }
  return d.cases.some((w) => w.endsWith('/') && c.where.startsWith(w)) ? { how: 'folder' } : undefined;
}

/** The last line of what starts at `line` (1-based): a Dockerfile instruction and its continuation lines, or a YAML
 * key and the lines indented deeper than it. */
export function blockEnd(fileType: CaseFileType, content: string, line: number): number {
  const lines = content.split('\n');
  let end = line;
  if (fileType === 'dockerfile') {
    // A line ending in a backslash continues on the next; blank and comment lines inside a continuation do too.
    let continued = /\\\s*$/.test(lines[line - 1] ?? '');
    while (continued && end < lines.length) {
      end++;
      continued = /\\\s*$|^\s*(#.*)?$/.test(lines[end - 1]!);
    }
    return end;
  }
  const indent = (l: string) => l.length - l.trimStart().length;
  const own = indent(lines[line - 1] ?? '');
  while (end < lines.length && (lines[end]!.trim() === '' || indent(lines[end]!) > own)) end++;
  return end;
}

/** A positive with a line caught within what starts there (the instruction and its continuation lines, the YAML
 * key and what is indented under it). */
function inBlockOf(c: PeerCase, got: readonly Found[]): boolean {
  if (c.line === undefined) return false;
  const end = blockEnd(c.fileType, c.content, c.line);
  return got.some((f) => f.line >= c.line! && f.line <= end);
}

export function judge(cases: readonly PeerCase[]): Outcome[] {
  const entries = new Map<string, CoverageEntry>(coverage(OUR_RULES).map((e) => [`${e.peer.tool}:${e.rule.id}`, e]));
  const byId = new Map(OUR_RULES.map((m) => [m.id, m]));
  const cache = new Map<string, Found[]>();
  return cases.map((c) => {
    const entry = entries.get(`${c.tool}:${c.rule}`);
    const mapped = entry?.ours ?? [];
    const candidates = (entry?.rule.candidates ?? []).map((id) => byId.get(id)!).filter(Boolean);
    const pool = mapped.length > 0 ? mapped : candidates;
    const ours = pool.filter((m) => m.target === c.fileType);
    const bucket: Bucket = pool.length === 0 ? 'unmapped' : ours.length === 0 ? 'other-type' : mapped.length === 0 ? 'candidate' : c.config ? 'config' : 'measured';
    if (ours.length === 0) return { case: c, bucket, ours, got: [], ok: false, anyLine: false, inBlock: false };
    const key = `${c.fileType}\n${JSON.stringify(c.options ?? {})}\n${c.content}`;
    let found = cache.get(key);
    if (!found) cache.set(key, (found = analyze(c.fileType, c.content, c.options)));
    const ids = new Set(ours.map((m) => m.id));
    // A rule of ours that answers several peer rules (CGD000) answers this one only with the messages its scope names.
    const scope = entry?.rule.scope;
    const inScope = scope ? new RegExp(scope.pattern) : undefined;
    const got = found.filter((f) => ids.has(f.rule) && (scope === undefined || f.rule !== scope.rule || inScope!.test(f.message)));
    const anyLine = got.length > 0;
    const atPeer = (l: number) => c.line !== undefined && l >= c.line && l <= (c.lineEnd ?? c.line);
    const ok = c.expect === 'negative' ? got.length === 0 : c.line === undefined ? anyLine : got.some((f) => atPeer(f.line));
    const inBlock = inBlockOf(c, got);
    // Cases named one by one come first: a folder-wide placement is the fallback.
    const listed = mapped.length > 0 ? entry?.rule.disagreements ?? [] : [];
    const exact = listed.map((x) => ({ x, n: names(x, c) })).find((h) => h.n?.how === 'exact');
    const hit = exact ?? listed.map((x) => ({ x, n: names(x, c) })).find((h) => h.n?.how === 'folder');
    const d = hit?.x;
    // A listed case we do not behave as listed (a placement we no longer report where it says, a verdict we now
    // share) is an ordinary case again. A placement named by folder holds only within the instruction or YAML block
    // the peer points at; one named by case, only on the line it names.
    const n = hit?.n;
    const near = n === undefined ? false : n.how === 'folder' ? inBlockOf(c, got) : n.ours !== undefined && got.some((f) => f.line === n.ours);
    // A verdict on a positive holds only while we report nothing within the instruction or block the peer points at
    // (reporting there is a placement, not another judgement).
    const holds = d !== undefined && !ok && (d.kind === 'verdict' ? !inBlockOf(c, got) : c.expect === 'positive' && near);
    return { case: c, bucket, ours, got, ok, anyLine, inBlock, ...(holds ? { deliberate: d } : {}) };
  });
}

export interface Tally {
  positives: number;
  caught: number;
  /** Positives with a line caught elsewhere only: within the instruction or YAML block that starts there… */
  inBlock: number;
  /** …or at any other line. */
  elsewhere: number;
  negatives: number;
  clean: number;
  /** Positives and negatives listed as deliberate disagreements (and behaving as listed): not ok, on purpose. */
  deliberatePositives: number;
  deliberateNegatives: number;
}

export function tally(outcomes: readonly Outcome[]): Tally {
  const pos = outcomes.filter((o) => o.case.expect === 'positive');
  const neg = outcomes.filter((o) => o.case.expect === 'negative');
  return {
    positives: pos.length,
    caught: pos.filter((o) => o.ok).length,
    inBlock: pos.filter((o) => !o.ok && o.inBlock).length,
    elsewhere: pos.filter((o) => !o.ok && !o.inBlock && o.anyLine && o.case.line !== undefined).length,
    negatives: neg.length,
    clean: neg.filter((o) => o.ok).length,
    deliberatePositives: pos.filter((o) => o.deliberate).length,
    deliberateNegatives: neg.filter((o) => o.deliberate).length,
  };
}

export interface Extra {
  where: string;
  rule: string;
  ours: string[];
  expected: number[];
  line: number;
  found: string;
}

/** Findings in a peer's positive file at lines it does not report (BuildKit, KICS): false positives that no
 * negative case shows. Grouped by file and peer rule. */
export function extras(outcomes: readonly Outcome[]): Extra[] {
  const groups = new Map<string, Outcome[]>();
  for (const o of outcomes) {
    if (o.case.expect !== 'positive' || o.case.line === undefined || o.ours.length === 0) continue;
    const key = `${o.case.where}\n${o.case.rule}`;
    groups.set(key, [...(groups.get(key) ?? []), o]);
  }
  const out: Extra[] = [];
  for (const group of groups.values()) {
    const expected = [...new Set(group.map((o) => o.case.line!))].sort((a, b) => a - b);
    const inSpan = (l: number) => group.some((o) => l >= o.case.line! && l <= (o.case.lineEnd ?? o.case.line!));
    for (const f of group[0]!.got) {
      if (!inSpan(f.line)) out.push({ where: group[0]!.case.where, rule: group[0]!.case.rule, ours: group[0]!.ours.map((m) => m.id), expected, line: f.line, found: f.rule });
    }
  }
  return out;
}

/** The suites of the table: one per peer, KICS split by file type as its query folders are. */
export function suiteOf(c: PeerCase): string {
  return c.tool === 'kics' ? `kics ${c.fileType}` : c.tool;
}

export const SUITES: readonly { suite: string; tool: PeerTool; title: string }[] = [
  { suite: 'hadolint', tool: 'hadolint', title: 'hadolint test/Hadolint/Rule/DL*Spec.hs' },
  { suite: 'buildkit', tool: 'buildkit', title: 'BuildKit frontend/dockerfile/dockerfile_check_test.go (at the line)' },
  { suite: 'trivy', tool: 'trivy', title: 'trivy-checks checks/docker/*.yaml' },
  { suite: 'checkov', tool: 'checkov', title: 'Checkov tests/dockerfile/... (files)' },
  { suite: 'kics dockerfile', tool: 'kics', title: 'KICS assets/queries/dockerfile/*/test, secrets query on Dockerfiles (at the line)' },
  { suite: 'kics compose', tool: 'kics', title: 'KICS assets/queries/dockerCompose/*/test, secrets query on Compose files (at the line)' },
  { suite: 'dclint', tool: 'dclint', title: 'dclint tests/rules/*.spec.ts' },
  { suite: 'zizmor', tool: 'zizmor', title: 'zizmor crates/zizmor/tests/integration/audit/*.rs inline snapshots (within the span it underlines)' },
  { suite: 'actionlint', tool: 'actionlint', title: 'actionlint testdata/err/*.yaml with their .out (at the line), testdata/ok/*.yaml' },
];
