// `parseCompose`: text to the typed Compose document, never throwing. YAML errors, a second document and
// malformed confgate pragmas become syntax errors; whatever the parser recovered is still analyzed.
import { Composer, Parser } from 'yaml';
import type { Parsed } from '../../core/analyze.ts';
import type { Report } from '../../core/rule.ts';
import type { ComposeDoc } from './model.ts';
import { buildComposeDoc } from './services.ts';
import { scanComments } from './suppressions.ts';
import { buildTree, expandedSize, Positions } from './yaml-tree.ts';
import type { DuplicateKey, YNode } from './yaml-tree.ts';

/** Beyond this many nodes once aliases are expanded, the file is treated as an alias bomb and not analyzed. */
export const MAX_EXPANDED_NODES = 200_000;

export function parseCompose(text: string): Parsed<ComposeDoc> {
  const pos = new Positions(text);
  const syntaxErrors: Report[] = [];
  const tokens = [...new Parser().parse(text)];
  const docs = [...new Composer({ uniqueKeys: false }).compose(tokens)];
  const first = docs[0];
  let root: YNode | undefined;
  let duplicates: DuplicateKey[] = [];
  let nodeEnds = new Map<number, number>();
  if (first) {
    for (const e of first.errors) {
      syntaxErrors.push({ range: pos.range(e.pos[0], Math.max(e.pos[1], e.pos[0] + 1)), messageId: 'yaml', data: { detail: e.message } });
    }
    ({ root, duplicates, nodeEnds } = buildTree(first, pos));
    if (root && expandedSize(root, MAX_EXPANDED_NODES) > MAX_EXPANDED_NODES) {
      syntaxErrors.push({ range: root.range, messageId: 'aliasBomb', data: { limit: MAX_EXPANDED_NODES } });
      root = undefined;
    }
  }
  const second = docs[1];
  if (second) {
    const start = second.range[0];
    const end = text.startsWith('---', start) ? start + 3 : start + 1;
    syntaxErrors.push({ range: pos.range(start, end), messageId: 'multiDocument' });
  }
  const comments = scanComments(tokens, pos, nodeEnds);
  syntaxErrors.push(...comments.errors);
  return { doc: buildComposeDoc(root, pos, duplicates), suppressions: comments.suppressions, syntaxErrors };
}
