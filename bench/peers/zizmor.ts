// zizmor's cases: its integration tests (crates/zizmor/tests/integration/audit/*.rs) run the CLI on files of
// test-data/ and compare the whole output with an inline insta snapshot (`insta::assert_snapshot!(zizmor()
// .input(input_under_test("x.yml")).args([...]).run()?, @"…")`). Each snapshot finding (`level[audit]: title`
// then `--> @@INPUT@@:LINE:COL` and the underlined span) is a positive of that audit on that file, caught when one
// of our mapped rules reports inside the span zizmor underlines (its first to its last line). Every audit a
// snapshot does not report on a file it ran on (a single-file input: zizmor runs all its audits) is a negative of
// that audit there (apart when docs/audits.md says the audit runs with --pedantic only). Runs with a non-default
// persona (`--persona=pedantic|auditor`, `--pedantic`), a configuration file or GitHub's API (online tests) are the
// peer's non-default configuration: reported apart. Runs whose output
// is a fix (`--fix`), an error, a log or a comparison of two runs are reported unread, as are the snapshots kept in
// files (e2e.rs, snapshots/*.snap) rather than inline. Nothing is copied: the files are read from the checkout.
import path from 'node:path';
import { PEERS } from '../../src/rules/coverage/peers.ts';
import { filesUnder, read } from './checkouts.ts';
import type { CaseFileType, Extraction, PeerCase } from './types.ts';

const TESTS = 'crates/zizmor/tests/integration/audit';
const DATA = 'crates/zizmor/tests/integration/test-data';

/** One `insta::assert_snapshot!(…)` of a test source: the expression it snapshots and the inline snapshot. */
interface Snapshot {
  line: number;
  expr: string;
  snapshot: string | undefined;
}

/** The end of a Rust string literal starting at `i` (`"…"` with escapes, or `r"…"`, `r#"…"#`): [value, next]. */
function rustString(src: string, i: number): [string, number] | undefined {
  const raw = /^r(#*)"/.exec(src.slice(i, i + 10));
  if (raw) {
    const close = `"${raw[1]}`;
    const start = i + raw[0].length;
    const end = src.indexOf(close, start);
    return end < 0 ? undefined : [src.slice(start, end), end + close.length];
  }
  if (src[i] !== '"') return undefined;
  let out = '';
  for (let j = i + 1; j < src.length; j++) {
    const ch = src[j]!;
    if (ch === '"') return [out, j + 1];
    if (ch === '\\') {
      const next = src[++j]!;
      if (next === 'n') out += '\n';
      else if (next === 't') out += '\t';
      else if (next === '\n') while (/\s/.test(src[j + 1] ?? '')) j++; // a line continuation
      else out += next;
    } else out += ch;
  }
  return undefined;
}

/** Every assert_snapshot! of a test source, with its expression and inline snapshot (undefined when kept in a file). */
function snapshotsOf(src: string): Snapshot[] {
  const out: Snapshot[] = [];
  const re = /insta::assert_snapshot!\(/g;
  for (let m = re.exec(src); m; m = re.exec(src)) {
    // The macro's arguments: up to the `)` that closes it, skipping string literals.
    let depth = 1;
    let j = m.index + m[0].length;
    let at = -1;
    while (j < src.length && depth > 0) {
      const ch = src[j]!;
      if (ch === '"' || (ch === 'r' && /^r#*"/.test(src.slice(j, j + 10)) && !/\w/.test(src[j - 1] ?? ''))) {
        const s = rustString(src, j);
        if (!s) break;
        j = s[1];
        continue;
      }
      if (ch === '@' && depth === 1 && at < 0) at = j;
      if (ch === '(' || ch === '[' || ch === '{') depth++;
      else if (ch === ')' || ch === ']' || ch === '}') depth--;
      j++;
    }
    const line = src.slice(0, m.index).split('\n').length;
    if (at < 0) {
      out.push({ line, expr: src.slice(m.index + m[0].length, j - 1), snapshot: undefined });
      continue;
    }
    const lit = rustString(src, at + 1);
    out.push({ line, expr: src.slice(m.index + m[0].length, at), snapshot: lit ? dedent(lit[0]) : undefined });
    re.lastIndex = j;
  }
  return out;
}

/** insta's inline snapshots are indented with the code: drop the common indentation and the edge blank lines. */
function dedent(s: string): string {
  const lines = s.replace(/^\s*\n/, '').replace(/\n\s*$/, '').split('\n');
  const indent = Math.min(...lines.filter((l) => l.trim() !== '').map((l) => l.length - l.trimStart().length));
  return lines.map((l) => l.slice(Number.isFinite(indent) ? indent : 0)).join('\n');
}

export interface ZizmorFinding {
  audit: string;
  /** The path after @@INPUT@@ ('' for the input file itself, `/action.yml` under a directory input). */
  file: string;
  line: number;
  /** The last line of the span zizmor underlines (its primary label). */
  lineEnd: number;
}

/** The findings of a snapshot of zizmor's plain output, or undefined when it is no findings report. */
export function parseFindings(snapshot: string): ZizmorFinding[] | undefined {
  const lines = snapshot.split('\n');
  const findings: ZizmorFinding[] = [];
  const summary = lines.some((l) => /^\d+ findings?\b/.test(l) || /^No findings to report/.test(l));
  if (!summary) return undefined;
  for (let i = 0; i < lines.length; i++) {
    const head = /^(error|warning|help|info|note)\[([a-z0-9-]+)\]: /.exec(lines[i]!);
    if (!head) continue;
    const loc = /^\s*--> @@INPUT@@([^:]*):(\d+):(\d+)/.exec(lines[i + 1] ?? '');
    if (!loc) continue;
    const line = Number(loc[2]);
    // The snippet: numbered lines and marker lines. The primary span ends at the numbered line before the marker
    // that carries its `^` label: `^^^ label` under one line, or `|___^ label` closing a span of several lines
    // (the `___^` that opens one has nothing after it).
    let lineEnd = line;
    let last = line;
    for (let k = i + 2; k < lines.length; k++) {
      const l = lines[k]!;
      if (/^(error|warning|help|info|note)\[/.test(l) || /^\d+ findings?\b/.test(l)) break;
      const numbered = /^\s*(\d+) \|/.exec(l);
      if (numbered) {
        last = Number(numbered[1]);
        continue;
      }
      if (/^\s*\|.*(\|_+\^|[^_]\^+)(\s|$)/.test(l) && !/^\s*\|\s+_+\^\s*$/.test(l)) {
        if (last >= line) lineEnd = last;
        break;
      }
    }
    findings.push({ audit: head[2]!, file: loc[1]!, line, lineEnd });
  }
  return findings;
}

/** The file type we analyze a zizmor input as, or undefined for the files it checks that we do not. */
function fileTypeOf(rel: string): CaseFileType | undefined {
  const base = path.posix.basename(rel);
  if (/^action\.ya?ml$/.test(base)) return 'github-action';
  if (/dependabot/.test(rel) || base.startsWith('.pre-commit')) return undefined;
  return /\.ya?ml$/.test(base) ? 'github-workflow' : undefined;
}

/** What a run's options say about the peer's configuration: undefined for the defaults, else a short note. */
function configOf(expr: string): string | undefined {
  const notes: string[] = [];
  const persona = /--persona=(\w+)/.exec(expr);
  if (persona && persona[1] !== 'regular') notes.push(`persona=${persona[1]}`);
  if (/"--pedantic"/.test(expr)) notes.push('persona=pedantic');
  if (/\.config\(/.test(expr)) notes.push('config file');
  if (/AssertOnline/.test(expr)) notes.push('online (GitHub API)');
  for (const a of expr.match(/"--(min-severity|min-confidence|no-online-audits|collect)[^"]*"/g) ?? []) notes.push(a.slice(1, -1));
  return notes.length ? notes.join(', ') : undefined;
}

/** The audits zizmor's docs/audits.md says run with `--pedantic` (or the auditor persona) only. */
export function pedanticOnly(checkout: string): Set<string> {
  const out = new Set<string>();
  let text: string;
  try {
    text = read(path.join(checkout, 'docs/audits.md'));
  } catch {
    return out;
  }
  let audit: string | undefined;
  for (const line of text.split('\n')) {
    const h = /^## `([a-z0-9-]+)`/.exec(line);
    if (h) audit = h[1];
    else if (audit && /This is a `--pedantic` only audit/.test(line)) out.add(audit);
  }
  return out;
}

export function zizmorCases(checkout: string): Extraction {
  const out: Extraction = { cases: [], unread: [] };
  const pedantic = pedanticOnly(checkout);
  const audits = PEERS.find((p) => p.tool === 'zizmor')!.rules.map((r) => r.id);
  const seen = new Set<string>();
  const push = (c: PeerCase) => {
    const key = `${c.rule}\n${c.where}\n${c.expect}\n${c.config ?? ''}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.cases.push(c);
  };
  const contents = new Map<string, string | undefined>();
  const contentOf = (rel: string) => {
    if (!contents.has(rel)) {
      try {
        contents.set(rel, read(path.join(checkout, DATA, rel)));
      } catch {
        contents.set(rel, undefined);
      }
    }
    return contents.get(rel);
  };

  for (const f of filesUnder(path.join(checkout, TESTS)).filter((f) => f.endsWith('.rs') && f !== 'mod.rs')) {
    const where = `${TESTS}/${f}`;
    const src = read(path.join(checkout, TESTS, f));
    for (const s of snapshotsOf(src)) {
      const at = `${where}:${s.line}`;
      const unread = (why: string) => out.unread.push({ where: at, why });
      if (!/^\s*zizmor\(\)/.test(s.expr)) {
        unread(/diff\(/.test(s.expr) ? 'a fix\'s diff, not findings' : 'an expression other than a zizmor() run');
        continue;
      }
      if (/--fix/.test(s.expr)) {
        unread('a run with --fix: the snapshot is the fixed file');
        continue;
      }
      if (/\.stdin\(|--format|OutputMode::Stderr|expects_failure|\.setenv\(/.test(s.expr)) {
        unread('a run on stdin, with another output format, an expected failure or logs');
        continue;
      }
      if (s.snapshot === undefined) {
        unread('the snapshot is kept in a file, not inline');
        continue;
      }
      const inputs = [...s.expr.matchAll(/\.input\(\s*input_under_test\(\s*"([^"]+)"\s*,?\s*\)\s*\)/g)].map((m) => m[1]!);
      if (inputs.length !== 1 || (s.expr.match(/\.input\(/g) ?? []).length !== 1) {
        unread(inputs.length === 0 ? 'no input_under_test("…") input' : 'several inputs in one run');
        continue;
      }
      const findings = parseFindings(s.snapshot);
      if (!findings) {
        unread('the snapshot is no findings report');
        continue;
      }
      const input = inputs[0]!;
      const config = configOf(s.expr);
      const single = contentOf(input) !== undefined;
      for (const z of findings) {
        const rel = single ? input : `${input}${z.file}`;
        const fileType = fileTypeOf(rel);
        const content = contentOf(rel);
        if (!fileType || content === undefined) {
          unread(`a finding on ${rel}, a file we do not analyze`);
          continue;
        }
        push({ tool: 'zizmor', rule: z.audit, expect: 'positive', fileType, content, where: `test-data/${rel}:${z.line}`, line: z.line, lineEnd: z.lineEnd, ...(config ? { config } : {}) });
      }
      // Negatives: a single file ran through every audit; those it does not report are negatives there.
      const fileType = single ? fileTypeOf(input) : undefined;
      if (!single || !fileType) continue;
      const reported = new Set(findings.map((z) => z.audit));
      for (const audit of audits) {
        if (reported.has(audit)) continue;
        // A default run says nothing about an audit that only runs with --pedantic: apart, as its configuration.
        const cfg = config ?? (pedantic.has(audit) ? 'pedantic-only audit, default run' : undefined);
        push({ tool: 'zizmor', rule: audit, expect: 'negative', fileType, content: contentOf(input)!, where: `test-data/${input}`, ...(cfg ? { config: cfg } : {}) });
      }
    }
  }
  for (const f of ['e2e.rs', 'config.rs', 'cli.rs']) {
    out.unread.push({ where: `crates/zizmor/tests/integration/${f}`, why: 'runs on whole directories with snapshots in snapshots/*.snap, or tests the CLI and its configuration rather than an audit' });
  }
  return out;
}
