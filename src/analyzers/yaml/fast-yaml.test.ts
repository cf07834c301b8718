// The fast parser must be invisible: whenever it accepts a text, the `yaml` package accepts it without error
// and our tree over it is identical (values, kinds, offsets, ranges, merge results, duplicates, node ends and
// comments). Checked on the fixtures, every rule example, and fixtures mutated at random.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { applyEdits } from '../../../test/support/mutate.ts';
import { composeRules } from '../../rules/compose/index.ts';
import { actionRules } from '../../rules/github-action/index.ts';
import { workflowRules } from '../../rules/github-workflow/index.ts';
import { fastParse } from './fast-yaml.ts';
import { parseWithYaml } from './parse.ts';
import { Positions } from './yaml-tree.ts';
import type { YNode } from './yaml-tree.ts';

const seeds = ['hardened.compose.yaml', 'insecure.compose.yaml'].map((f) =>
  readFileSync(new URL(`../../../test/fixtures/compose/${f}`, import.meta.url), 'utf8'),
);
const examples = [...composeRules, ...workflowRules, ...actionRules].flatMap((r) => [...r.meta.examples.bad, ...r.meta.examples.good]).filter((e) => typeof e === 'string');

/**
 * The tree with each collection's raw end moved back over trailing whitespace: where exactly between the last
 * character and the next one a collection ends is never observable (ranges are trimmed; scalars are exact).
 */
function observable(node: YNode | undefined, text: string, seen = new Map<YNode, unknown>()): unknown {
  if (!node) return node;
  // Ranges are made when first read (not own properties): read here, so both trees' are compared.
  if (node.kind === 'scalar') return { ...node, range: node.range };
  if (seen.has(node)) return seen.get(node);
  let end = node.end;
  while (end > node.start && /\s/.test(text[end - 1]!)) end--;
  const out: Record<string, unknown> = { ...node, range: node.range, end };
  seen.set(node, out);
  if (node.kind === 'seq') out['items'] = node.items.map((i) => observable(i, text, seen));
  else out['pairs'] = node.pairs.map((p) => ({ ...p, range: p.range, keyNode: observable(p.keyNode, text, seen), value: observable(p.value, text, seen) }));
  return out;
}

/** Nodes a full expansion visits (each pair and its value, aliases every time), counted the plain way. */
function expanded(node: YNode | undefined): number {
  if (!node) return 0;
  if (node.kind === 'scalar') return 1;
  if (node.kind === 'seq') return 1 + node.items.reduce((n, i) => n + expanded(i), 0);
  return 1 + node.pairs.reduce((n, p) => n + 1 + expanded(p.value), 0);
}

/** Whether the fast parser read the text; when it did, asserts it agrees with the `yaml` path. */
function agrees(text: string): boolean {
  const fast = fastParse(new Positions(text));
  if (!fast) return false;
  const full = parseWithYaml(new Positions(text));
  assert.deepEqual(full.yamlErrors, [], `yaml rejects what the fast parser read:\n${text}`);
  assert.equal(full.multiDocument, undefined);
  assert.deepEqual(observable(fast.root, text), observable(full.tree.root, text), text);
  assert.deepEqual(fast.duplicates, full.tree.duplicates, text);
  assert.deepEqual(fast.nodeEnds, full.tree.nodeEnds, text);
  // The size each path counts as it builds is the size of the tree it built.
  assert.equal(fast.expandedSize, expanded(fast.root), text);
  assert.equal(full.tree.expandedSize, expanded(full.tree.root), text);
  const order = (cs: { offset: number }[]) => [...cs].sort((a, b) => a.offset - b.offset);
  assert.deepEqual(order(fast.comments), order(full.comments), text);
  return true;
}

/** Edits that keep YAML mostly well-formed, so the fast parser is exercised rather than bailing at once. */
const token = fc.constantFrom('\n', ' ', '  ', '    ', ': ', '- ', '# c', ' # c', '\n# c\n', '\n  # c\n', '\n      # c', '&a ', '*a', '<<: *a', '"', "'", '[]', '{}', '[a, b]', '{a: 1}', '|\n', '>-\n', 'x', '1', 'true', 'null', '~', '0o7', '0x1F', '1e3', '.5', '!reset ', '"a\\"b"', "'it''s'", 'key: v\n', '\n  - a\n');

describe('fast YAML parser', () => {
  it('reads the fixtures and agrees with the yaml package', () => {
    for (const seed of seeds) assert.ok(agrees(seed));
  });
  it('agrees on every rule example it reads', () => {
    const read = examples.filter(agrees).length;
    assert.ok(read > examples.length * 0.8, `read ${read} of ${examples.length}`);
  });
  it('agrees on comments around nested collections, empty values, aliases and block scalars', () => {
    const cases = [
      'a:\n  b: 1\n  # in b\n# top\nc: 2\n',
      'a:\n  b:\n    c: 1\n      # deeper\n    # at c\n  # at b\n',
      'a:\n  b:\n    c: 1\n  # at b\n',
      'a:\n  - x # t\n    # attached\n  # not\n',
      'x: &x 1\na:\n  - k: v\n    l: [1, 2] # t\n  - *x\n',
      'x: &x {k: v}\na:\n  b: *x\n  # c\n',
      'a:\n  b:\n  # c\n  d: |\n    text\n\n    more\n  # after\n',
      'a: >-\n  folded\n  text\nb: "q"\n',
      'a:\n- 1\n- 2\nb: 3\n',
      'a: 1\n  # indented\n',
      ' # only\n      # comments\n',
      's:\n  w:\n    image: x\n    # ports:\n    #   - 80\n\n  d:\n    image: y\n    # end\n',
    ];
    for (const c of cases) assert.ok(agrees(c), c);
  });
  it('leaves an anchor or tag holding a flow indicator to the full parser (yaml refuses it)', () => {
    for (const c of ['a: &[x, y]b v\n', 'a: &x] v\n', 'a:\n  - &{k v\n', 'a: !reset, v\n']) {
      assert.equal(agrees(c), false, c);
      assert.notDeepEqual(parseWithYaml(new Positions(c)).yamlErrors, [], c);
    }
  });
  it('agrees on mutated fixtures', () => {
    const mutation = fc.tuple(fc.constantFrom(...seeds, ...examples), fc.array(fc.tuple(fc.nat(), fc.nat({ max: 6 }), token), { minLength: 1, maxLength: 4 }));
    fc.assert(
      fc.property(mutation, ([seed, edits]) => {
        agrees(applyEdits(seed, edits));
      }),
      { numRuns: 3000 },
    );
  });
});
