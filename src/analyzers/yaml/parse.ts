// A YAML text to the position-aware tree (yaml-tree.ts), never throwing: the fast parser when it reads the text,
// else the `yaml` package's full parser. YAML errors, an alias bomb and a second document become syntax errors
// (the message ids `yaml`, `aliasBomb` and `multiDocument` of each YAML type's syntax rule).
import { Composer, Parser } from 'yaml';
import type { Report } from '../../core/rule.ts';
import { commentTokens } from './comments.ts';
import type { RawComment } from './comments.ts';
import { fastParse } from './fast-yaml.ts';
import { buildTree, LineEnds, Positions } from './yaml-tree.ts';
import type { DuplicateKey, NodeEnds, Tree, YNode } from './yaml-tree.ts';

/** Beyond this many nodes once aliases are expanded, the file is treated as an alias bomb and not analyzed. */
export const MAX_EXPANDED_NODES = 200_000;

export interface YamlText {
  pos: Positions;
  /** The first document's root; undefined when empty or an alias bomb. */
  root: YNode | undefined;
  duplicates: DuplicateKey[];
  nodeEnds: NodeEnds;
  /** Whether an alias made a node appear in more than one place (`Tree.shared`). */
  shared: boolean;
  comments: RawComment[];
  syntaxErrors: Report[];
}

export function parseYaml(text: string): YamlText {
  const pos = new Positions(text);
  const fast = fastParse(pos);
  const { tree, comments, yamlErrors, multiDocument } = fast ? { tree: fast, comments: fast.comments, yamlErrors: [] } : parseWithYaml(pos);
  const syntaxErrors = [...yamlErrors];
  let root = tree.root;
  if (root && tree.expandedSize > MAX_EXPANDED_NODES) {
    syntaxErrors.push({ range: root.range, messageId: 'aliasBomb', data: { limit: MAX_EXPANDED_NODES } });
    root = undefined;
  }
  if (multiDocument) syntaxErrors.push(multiDocument);
  return { pos, root, duplicates: tree.duplicates, nodeEnds: tree.nodeEnds, shared: tree.shared, comments, syntaxErrors };
}

interface YamlParse {
  tree: Tree;
  comments: RawComment[];
  yamlErrors: Report[];
  /** A second document in the file, reported at its start. */
  multiDocument?: Report;
}

/** The `yaml` package's full parser: any YAML, with its error messages, for what `fastParse` does not read. */
export function parseWithYaml(pos: Positions): YamlParse {
  const text = pos.text;
  const yamlErrors: Report[] = [];
  const tokens = [...new Parser().parse(text)];
  const docs = [...new Composer({ uniqueKeys: false }).compose(tokens)];
  const first = docs[0];
  // Sized by the text's lines like every other tree's, so a file of comments alone has the same tree on both paths.
  let tree: Tree = { root: undefined, duplicates: [], nodeEnds: new LineEnds(pos.lines.starts.length), expandedSize: 0, shared: false };
  if (first) {
    for (const e of first.errors) {
      yamlErrors.push({ range: pos.range(e.pos[0], Math.max(e.pos[1], e.pos[0] + 1)), messageId: 'yaml', data: { detail: e.message } });
    }
    tree = buildTree(first, pos);
  }
  const out: YamlParse = { tree, comments: commentTokens(tokens), yamlErrors };
  const second = docs[1];
  if (second) {
    const start = second.range[0];
    const end = text.startsWith('---', start) ? start + 3 : start + 1;
    out.multiDocument = { range: pos.range(start, end), messageId: 'multiDocument' };
  }
  return out;
}
