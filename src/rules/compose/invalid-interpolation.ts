// CGC044: `${...}` expressions Compose cannot interpolate.
import { scanInterpolation } from '../../analyzers/compose/interpolation.ts';
import { subRange } from '../../analyzers/yaml/yaml-tree.ts';
import type { YNode } from '../../analyzers/yaml/yaml-tree.ts';
import { specUrl } from './support.ts';
import type { ComposeRule } from './support.ts';

export const rule: ComposeRule = {
  meta: {
    id: 'CGC044',
    name: 'invalid-interpolation',
    target: 'compose',
    title: 'Invalid variable interpolation',
    description:
      'Compose interpolates `${VAR}`, `${VAR:-default}`, `${VAR:?error}` and friends in every value, and refuses ' +
      'the file when an expression is malformed (an unclosed `${`, an empty or invalid name). A literal `$` ' +
      'must be written `$$`, which matters in `command` and `healthcheck` strings meant for a shell.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: Compose refuses a malformed interpolation.',
    ],
    category: 'correctness',
    references: [specUrl('interpolation')],
    remediation: 'Close the expression, use a valid variable name (letters, digits, `_`), or escape a literal dollar as `$$`.',
    equivalents: [],
    messages: { default: 'Cannot interpolate: {{detail}}.' },
    examples: {
      bad: ['services:\n  web:\n    image: "example/web:${TAG"\n', 'services:\n  web:\n    image: example/web:1.0\n    command: ["sh", "-c", "echo ${1st}"]\n'],
      good: ['services:\n  web:\n    image: "example/web:${TAG:-1.0}"\n    command: ["sh", "-c", "echo $$HOME"]\n'],
    },
  },
  check(doc, report) {
    if (!doc.root) return;
    // Aliased nodes are shared: visit each once, so an error in an anchor is reported once, at the anchor.
    const seen = new Set<YNode>();
    const walk = (node: YNode): void => {
      // Scalars without `$` report nothing, so only the other nodes need the once-only bookkeeping.
      if (node.kind === 'scalar' && (typeof node.value !== 'string' || !node.value.includes('$'))) return;
      if (seen.has(node)) return;
      seen.add(node);
      if (node.kind === 'map') for (const p of node.pairs) walk(p.value);
      else if (node.kind === 'seq') node.items.forEach(walk);
      else if (typeof node.value === 'string') {
        for (const e of scanInterpolation(node.value).errors) {
          report({ range: subRange(node, doc.pos, e.start, e.end), data: { detail: e.message } });
        }
      }
    };
    walk(doc.root);
  },
};
