// CGW084: a YAML merge key (`<<: *anchor`) in a workflow: GitHub reads anchors and aliases, not merge keys.
import type { YNode } from '../../analyzers/yaml/yaml-tree.ts';
import type { GhaRule } from './support.ts';
import { WORKFLOW_SYNTAX } from './support.ts';

/** Block and quoted scalars of the tree (where `<<:` is text, not a key), as source offset ranges. */
export function scalarSpans(n: YNode | undefined, out: [number, number][] = [], seen = new Set<YNode>()): [number, number][] {
  if (!n || seen.has(n)) return out;
  seen.add(n);
  if (n.kind === 'scalar') {
    if (n.end - n.start > 0) out.push([n.start, n.end]);
  } else if (n.kind === 'seq') for (const i of n.items) scalarSpans(i, out, seen);
  else for (const p of n.pairs) scalarSpans(p.value, out, seen);
  return out;
}

export const rule: GhaRule = {
  meta: {
    id: 'CGW084',
    name: 'yaml-merge-key',
    target: 'github-workflow',
    title: 'YAML merge key, which GitHub does not support',
    description:
      'GitHub reads YAML anchors (`&defaults`) and aliases (`*defaults`) in workflows, but not the merge key ' +
      '`<<: *defaults` that many YAML tools (and Compose) accept: GitHub refuses the workflow, so none of its jobs ' +
      'run. A bug that breaks the run: high.',
    severity: 'high',
    category: 'correctness',
    references: [WORKFLOW_SYNTAX],
    remediation: 'Write the keys out, or alias a whole value (`env: *default_env`) rather than merging one into a mapping.',
    equivalents: ['actionlint:syntax-check'],
    messages: { default: 'GitHub does not support the YAML merge key "<<": it refuses the workflow.' },
    examples: {
      bad: ['on: push\npermissions: {}\nenv: &base\n  CI: "1"\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    env:\n      <<: *base\n      MODE: test\n    steps:\n      - run: make\n'],
      good: ['on: push\npermissions: {}\nenv: &base\n  CI: "1"\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    env: *base\n    steps:\n      - run: make\n'],
    },
  },
  check(doc, report) {
    const text = doc.pos.text;
    if (!text.includes('<<')) return;
    const spans = scalarSpans(doc.root);
    for (const m of text.matchAll(/^([ \t]*(?:-[ \t]+)?)<<[ \t]*:(?=[ \t]|$)/gm)) {
      const at = m.index + m[1]!.length;
      if (spans.some(([s, e]) => at >= s && at < e)) continue;
      report({ range: doc.pos.range(at, at + 2) });
    }
  },
};
