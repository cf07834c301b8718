// CGW088: a YAML anchor (`&name`) that no alias (`*name`) uses before the name is anchored again.
import type { GhaRule } from './support.ts';
import { WORKFLOW_SYNTAX } from './support.ts';
import { scalarSpans } from './yaml-merge-key.ts';

/** Anchors and aliases of a YAML text, in order, outside scalars and comments. */
export function anchorsAndAliases(text: string, spans: readonly [number, number][]): { kind: '&' | '*'; name: string; at: number }[] {
  // Scalars do not overlap: sorted by start, the one that may hold an offset is the last starting at or before it.
  const sorted = [...spans].sort((a, b) => a[0] - b[0]);
  const inScalar = (at: number) => {
    let lo = 0;
    let hi = sorted.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]![0] <= at) lo = mid + 1;
      else hi = mid - 1;
    }
    return hi >= 0 && at < sorted[hi]![1];
  };
  const out: { kind: '&' | '*'; name: string; at: number }[] = [];
  let lineStart = 0;
  for (const line of text.split('\n')) {
    let comment = Infinity;
    for (const m of line.matchAll(/(^|\s)#/g)) {
      const at = lineStart + m.index + m[1]!.length;
      if (!inScalar(at)) {
        comment = at;
        break;
      }
    }
    for (const m of line.matchAll(/(^|[\s[{,:-])([&*])([^\s[\]{},]+)/g)) {
      const at = lineStart + m.index + m[1]!.length;
      if (at >= comment || inScalar(at)) continue;
      out.push({ kind: m[2] as '&' | '*', name: m[3]!, at });
    }
    lineStart += line.length + 1;
  }
  return out;
}

export const rule: GhaRule = {
  meta: {
    id: 'CGW088',
    name: 'unused-yaml-anchor',
    target: 'github-workflow',
    title: 'YAML anchor that no alias uses',
    description:
      'An anchor (`&defaults`) names a value for aliases (`*defaults`) to repeat. One that no alias uses — or that is ' +
      'anchored again under the same name before any alias reads it — is left over from an edit, and tells the reader ' +
      'the value is shared when it is not. Nothing breaks: low.',
    severity: 'low',
    category: 'best-practice',
    references: [WORKFLOW_SYNTAX, 'https://yaml.org/spec/1.2.2/#anchors-and-aliases'],
    remediation: 'Remove the anchor, or use it with an alias where the value was meant to be repeated.',
    equivalents: ['actionlint:syntax-check'],
    messages: { default: 'Anchor "{{name}}" is defined but no alias uses it.' },
    examples: {
      bad: ['on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    env: &base\n      CI: "1"\n    steps:\n      - run: make\n'],
      good: ['on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    env: &base\n      CI: "1"\n    steps:\n      - run: make\n        env: *base\n'],
    },
  },
  check(doc, report) {
    const text = doc.pos.text;
    if (!text.includes('&')) return;
    const latest = new Map<string, { at: number; used: boolean }>();
    const all: { name: string; at: number; used: boolean }[] = [];
    for (const t of anchorsAndAliases(text, scalarSpans(doc.root))) {
      if (t.kind === '&') {
        const a = { name: t.name, at: t.at, used: false };
        latest.set(t.name, a);
        all.push(a);
      } else {
        const a = latest.get(t.name);
        if (a) a.used = true;
      }
    }
    for (const a of all) if (!a.used) report({ range: doc.pos.range(a.at, a.at + 1 + a.name.length), data: { name: a.name } });
  },
};
