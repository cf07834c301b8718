// actionlint's cases: each testdata/err/<name>.yaml with its expected output <name>.out, one line per error
// (`test.yaml:LINE:COL: message [kind]`, or the same as a regular expression): a positive of that kind at that
// line; each testdata/ok/*.yaml: a negative of every kind (actionlint reports nothing there). Lines in any other
// form are reported unread.
import path from 'node:path';
import { PEERS } from '../../src/rules/coverage/peers.ts';
import { filesUnder, read } from './checkouts.ts';
import type { Extraction, PeerCase } from './types.ts';

/** An expected line, written out or as a regular expression (`/test\.yaml:3:35: … \[expression\]/`). */
const OUT_LINE = /^\/?([^:]+):(\d+):\d+: .* \\?\[([a-z-]+)\\?\]\/?$/;

export function actionlintCases(checkout: string): Extraction {
  const out: Extraction = { cases: [], unread: [] };
  const kinds = PEERS.find((p) => p.tool === 'actionlint')!.rules.map((r) => r.id);
  const err = path.join(checkout, 'testdata/err');
  for (const f of filesUnder(err).filter((f) => !f.includes('/') && /\.ya?ml$/.test(f))) {
    const expected = path.join(err, f.replace(/\.ya?ml$/, '.out'));
    let lines: string[];
    try {
      lines = read(expected).split('\n').filter((l) => l.trim() !== '');
    } catch {
      out.unread.push({ where: `testdata/err/${f}`, why: 'no .out file beside it' });
      continue;
    }
    const content = read(path.join(err, f));
    for (const l of lines) {
      const m = OUT_LINE.exec(l.trim());
      if (!m) {
        out.unread.push({ where: `testdata/err/${f}`, why: `an expected line in another form: ${l.slice(0, 60)}` });
        continue;
      }
      const c: PeerCase = { tool: 'actionlint', rule: m[3]!, expect: 'positive', fileType: 'github-workflow', content, where: `testdata/err/${f}:${m[2]}`, line: Number(m[2]) };
      out.cases.push(c);
    }
  }
  const ok = path.join(checkout, 'testdata/ok');
  for (const f of filesUnder(ok).filter((f) => !f.includes('/') && /\.ya?ml$/.test(f))) {
    const content = read(path.join(ok, f));
    for (const rule of kinds) out.cases.push({ tool: 'actionlint', rule, expect: 'negative', fileType: 'github-workflow', content, where: `testdata/ok/${f}` });
  }
  return out;
}
