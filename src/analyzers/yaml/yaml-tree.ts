// A position-aware YAML value tree, independent of the `yaml` package's node classes. Aliases resolve to the
// anchored node itself (shared, so a finding on an aliased value points at the anchor's source text) and merge
// keys (`<<`) are folded in with YAML's precedence: explicit keys win, then earlier merge sources.
import { isAlias, isMap, isPair, isScalar, isSeq } from 'yaml';
import type { Document, Node as YamlNode, Pair } from 'yaml';
import type { Range } from '../../core/types.ts';
import { LineIndex } from '../line-index.ts';

interface Base {
  range: Range;
  /** Source offsets of the value, [start, end). */
  start: number;
  end: number;
}

export interface YScalar extends Base {
  kind: 'scalar';
  value: string | number | boolean | null;
  /** Whether the scalar was written with quotes (its text is then never a number or boolean). */
  quoted: boolean;
}

/** A scalar's text and where it is written. */
export interface Str {
  value: string;
  range: Range;
  node: YScalar;
}

export interface YPair {
  key: string;
  keyNode: YScalar;
  value: YNode;
  /** From the key's first character to the value's last. */
  range: Range;
}

export interface YMap extends Base {
  kind: 'map';
  pairs: YPair[];
}

export interface YSeq extends Base {
  kind: 'seq';
  items: YNode[];
}

export type YNode = YScalar | YMap | YSeq;

export interface DuplicateKey {
  key: string;
  range: Range;
  first: Range;
}

/** Source nodes (pairs and sequence items) by first line: the last line of the outermost one starting there. */
export interface NodeEnds {
  get(line: number): number | undefined;
}

/** `NodeEnds` in one typed array indexed by line (no map entry per node: every pair and item notes its lines). */
export class LineEnds implements NodeEnds {
  private readonly ends: Int32Array;

  constructor(lineCount: number) {
    this.ends = new Int32Array(lineCount + 2);
  }

  note(startLine: number, endLine: number): void {
    if (endLine > this.ends[startLine]!) this.ends[startLine] = endLine;
  }

  get(line: number): number | undefined {
    const end = this.ends[line];
    return end ? end : undefined;
  }
}

export interface Tree {
  root: YNode | undefined;
  duplicates: DuplicateKey[];
  nodeEnds: NodeEnds;
  /** How many nodes a full expansion of the root would visit; aliases count every time they are used. */
  expandedSize: number;
  /** Whether an alias made a node appear in more than one place (a walk of the tree may then meet it again). */
  shared: boolean;
}

/**
 * Offsets to 1-based line/column ranges; the end is exclusive and never includes trailing whitespace. Lines are
 * indexed here rather than by the parser's LineCounter, which misses line breaks inside tokens it gave up on.
 */
export class Positions {
  readonly text: string;
  /** The text's lines (shared with analyzers that index lines themselves: built once per file). */
  readonly lines: LineIndex;
  constructor(text: string) {
    this.text = text;
    this.lines = new LineIndex(text);
  }

  /** 0-based index of the line holding an offset. */
  private lineIndex(offset: number): number {
    return this.lines.lineOf(offset);
  }

  /** 1-based line and UTF-16 column of an offset. */
  linePos(offset: number): { line: number; col: number } {
    const i = this.lineIndex(offset);
    return { line: i + 1, col: offset - this.lines.starts[i]! + 1 };
  }

  /** The 1-based first and last lines of `range(start, end)`, without making the range. */
  startLine(start: number): number {
    return this.lineIndex(Math.min(Math.max(start, 0), this.text.length)) + 1;
  }

  endLine(start: number, end: number): number {
    const s = Math.min(Math.max(start, 0), this.text.length);
    return this.lineIndex(this.trimmedEnd(s, end)) + 1;
  }

  /** The end of [s, end) clamped to the text and moved back over trailing whitespace. */
  private trimmedEnd(s: number, end: number): number {
    const t = this.text;
    let e = Math.min(Math.max(end, s), t.length);
    // ASCII is decided by its code (space, \t, \n, \v, \f, \r); anything else goes to the regex, which knows Unicode spaces.
    while (e > s) {
      const c = t.charCodeAt(e - 1);
      if (c < 128 ? c === 32 || (c >= 9 && c <= 13) : /\s/.test(t[e - 1]!)) e--;
      else break;
    }
    return e;
  }

  range(start: number, end: number): Range {
    const s = Math.min(Math.max(start, 0), this.text.length);
    const e = this.trimmedEnd(s, end);
    const a = this.lineIndex(s);
    const b = this.lineIndex(e);
    return { start_line: a + 1, start_column: s - this.lines.starts[a]! + 1, end_line: b + 1, end_column: e - this.lines.starts[b]! + 1 };
  }

}

// Tree nodes place themselves in the file when first asked (`range`): most nodes of a file are never reported, and
// a range made for each of them was a fifth of a parsed workflow's memory.

class ScalarNode implements YScalar {
  readonly kind = 'scalar';
  value: YScalar['value'];
  quoted: boolean;
  start: number;
  end: number;
  #pos: Positions;
  #range: Range | undefined = undefined;
  constructor(pos: Positions, value: YScalar['value'], quoted: boolean, start: number, end: number) {
    this.value = value;
    this.quoted = quoted;
    this.start = start;
    this.end = end;
    this.#pos = pos;
  }
  get range(): Range {
    return (this.#range ??= this.#pos.range(this.start, this.end));
  }
}

class SeqNode implements YSeq {
  readonly kind = 'seq';
  items: YNode[];
  start: number;
  end: number;
  #pos: Positions;
  #range: Range | undefined = undefined;
  constructor(pos: Positions, items: YNode[], start: number, end: number) {
    this.items = items;
    this.start = start;
    this.end = end;
    this.#pos = pos;
  }
  get range(): Range {
    return (this.#range ??= this.#pos.range(this.start, this.end));
  }
}

class MapNode implements YMap {
  readonly kind = 'map';
  pairs: YPair[];
  start: number;
  end: number;
  #pos: Positions;
  #range: Range | undefined = undefined;
  constructor(pos: Positions, pairs: YPair[], start: number, end: number) {
    this.pairs = pairs;
    this.start = start;
    this.end = end;
    this.#pos = pos;
  }
  get range(): Range {
    return (this.#range ??= this.#pos.range(this.start, this.end));
  }
}

class PairNode implements YPair {
  key: string;
  keyNode: YScalar;
  value: YNode;
  #pos: Positions;
  #range: Range | undefined = undefined;
  constructor(pos: Positions, key: string, keyNode: YScalar, value: YNode) {
    this.key = key;
    this.keyNode = keyNode;
    this.value = value;
    this.#pos = pos;
  }
  /** From the key's first character to the value's last. */
  get range(): Range {
    return (this.#range ??= this.#pos.range(this.keyNode.start, Math.max(this.value.end, this.keyNode.end)));
  }
}

/** A map entry before merge keys are folded in. */
export interface Entry {
  keyNode: YScalar;
  value: YNode;
}

/**
 * Makes tree nodes and records what the analyzer needs besides the tree: duplicate keys and where source
 * nodes end. Shared by both parsers (`buildTree` over the `yaml` package, and `fastParse`).
 */
export class TreeBuilder {
  readonly duplicates: DuplicateKey[] = [];
  readonly nodeEnds: LineEnds;
  /** Set by the parser when it resolves an alias to a node (see `Tree.shared`). */
  shared = false;
  private readonly pos: Positions;

  constructor(pos: Positions) {
    this.pos = pos;
    this.nodeEnds = new LineEnds(pos.lines.starts.length);
  }

  /** Notes where a source node spanning [start, end) ends (the lines of its range, without making it). */
  private noteEnd(start: number, end: number): void {
    this.nodeEnds.note(this.pos.startLine(start), this.pos.endLine(start, end));
  }

  /** Nodes a full expansion of `node` (a finished tree) visits: a mapping counts each pair and its value; no cap is
   * needed, as even an absurd alias bomb only reaches Infinity, which still compares above any limit. Counted by a
   * walk of the finished tree: without aliases each node is met once; with them each collection's size is computed
   * once and reused wherever it is aliased. */
  expandedSize(node: YNode | undefined): number {
    if (node === undefined) return 0;
    if (this.shared) return sizeOf(node, new Map());
    if (!this.counted || node !== this.last) return countOf(node);
    return this.count;
  }

  /**
   * The expanded size of the last collection made, counted as the tree is built: each collection, each pair and each
   * scalar value once. Exact only while every node made ends up in the tree once: no alias, no duplicate key (its
   * value is dropped), no merge key (its pairs are copied).
   */
  private count = 0;
  private counted = true;
  private last: YNode | undefined;

  scalar(value: YScalar['value'], quoted: boolean, start: number, end: number): YScalar {
    return new ScalarNode(this.pos, value, quoted, start, end);
  }

  /** `aliased[i]`: item i is an alias, so it is not a source node of its own. */
  seq(items: YNode[], aliased: readonly boolean[], start: number, end: number): YSeq {
    let scalars = 0;
    for (let i = 0; i < items.length; i++) {
      const item = items[i]!;
      if (!aliased[i]) this.noteEnd(item.start, item.end);
      if (item.kind === 'scalar') scalars++;
    }
    this.count += 1 + scalars;
    const seq: YSeq = new SeqNode(this.pos, items, start, end);
    this.last = seq;
    return seq;
  }

  /** A mapping from its entries in source order: later duplicates are dropped and recorded, merge keys folded in. */
  map(entries: readonly Entry[], start: number, end: number): YMap {
    const own: YPair[] = [];
    const merged: YPair[] = [];
    // Most mappings have a handful of keys: a scan finds duplicates faster than building a Map for each one.
    const seen = entries.length > 16 ? new Map<string, YPair>() : undefined;
    for (const { keyNode, value } of entries) {
      const key = keyNode.value === null ? '' : String(keyNode.value);
      const pair: YPair = new PairNode(this.pos, key, keyNode, value);
      this.noteEnd(keyNode.start, Math.max(value.end, keyNode.end));
      const first = seen ? seen.get(key) : (findKey(own, key) ?? findKey(merged, key));
      if (first) {
        this.duplicates.push({ key, range: keyNode.range, first: first.keyNode.range });
        this.counted = false;
        continue;
      }
      seen?.set(key, pair);
      if (key === '<<' && !keyNode.quoted) merged.push(pair);
      else own.push(pair);
    }
    // Merged pairs follow the explicit ones; a key only counts once, from its first source.
    const pairs = own;
    if (merged.length > 0) {
      this.counted = false;
      const present = new Set(own.map((p) => p.key));
      for (const m of merged) {
        const sources = m.value.kind === 'seq' ? m.value.items : [m.value];
        for (const src of sources) {
          if (src.kind !== 'map') continue;
          for (const p of src.pairs) {
            if (present.has(p.key)) continue;
            present.add(p.key);
            pairs.push(p);
          }
        }
      }
    }
    let scalars = 0;
    for (let i = 0; i < pairs.length; i++) if (pairs[i]!.value.kind === 'scalar') scalars++;
    this.count += 1 + pairs.length + scalars;
    const map: YMap = new MapNode(this.pos, pairs, start, end);
    this.last = map;
    return map;
  }
}

/** The expanded size of a tree in which no node appears twice. */
function countOf(node: YNode): number {
  if (node.kind === 'scalar') return 1;
  let size = 1;
  if (node.kind === 'seq') for (const item of node.items) size += countOf(item);
  else for (const p of node.pairs) size += 1 + countOf(p.value);
  return size;
}

/** The expanded size of a tree whose collections may appear in several places (aliases), each computed once. */
function sizeOf(node: YNode, sizes: Map<YNode, number>): number {
  if (node.kind === 'scalar') return 1;
  let size = sizes.get(node);
  if (size !== undefined) return size;
  size = 1;
  if (node.kind === 'seq') for (const item of node.items) size += sizeOf(item, sizes);
  else for (const p of node.pairs) size += 1 + sizeOf(p.value, sizes);
  sizes.set(node, size);
  return size;
}

export function buildTree(doc: Document, pos: Positions): Tree {
  const tb = new TreeBuilder(pos);
  const built = new Map<YamlNode, YNode>();
  const building = new Set<YamlNode>();
  const nullAt = (offset: number): YScalar => tb.scalar(null, false, offset, offset);

  // Anchors seen so far, in document order: an alias means the latest earlier anchor of its name. (The yaml
  // package's `Alias.resolve` searches the whole document per alias, which is quadratic on large files.)
  const anchors = new Map<string, YamlNode>();

  const build = (node: unknown, fallbackOffset: number): YNode => {
    if (isAlias(node)) {
      const target = anchors.get(node.source);
      const at = node.range?.[0] ?? fallbackOffset;
      if (!target) return nullAt(at);
      tb.shared = true;
      return build(target, at);
    }
    if (!isScalar(node) && !isMap(node) && !isSeq(node)) return nullAt(fallbackOffset);
    const done = built.get(node);
    if (done) return done;
    if (node.anchor) anchors.set(node.anchor, node);
    const [start, end] = node.range ?? [fallbackOffset, fallbackOffset];
    // A node that contains an alias to itself (`&a [*a]`) would recurse forever; cut the loop with a null.
    if (building.has(node)) return nullAt(start);
    building.add(node);
    let out: YNode;
    if (isScalar(node)) {
      const v = node.value;
      const value = typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : v === null || v === undefined ? null : String(v);
      out = tb.scalar(value, node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE', start, end);
    } else if (isSeq(node)) {
      const items = node.items.map((item) => build(item, end));
      out = tb.seq(items, node.items.map(isAlias), start, end);
    } else {
      const entries: Entry[] = [];
      for (const item of node.items as Pair[]) {
        if (!isPair(item)) continue;
        const keyNode = keyOf(item, start);
        entries.push({ keyNode, value: build(item.value, keyNode.end) });
      }
      out = tb.map(entries, start, end);
    }
    building.delete(node);
    built.set(node, out);
    return out;
  };

  const keyOf = (pair: Pair, offset: number): YScalar => {
    const k = pair.key;
    if (isScalar(k)) return build(k, offset) as YScalar;
    // Complex keys (`? [a, b]`) are not used by Compose; keep their source text so they can be reported.
    const node = isMap(k) || isSeq(k) ? k : undefined;
    const [s, e] = node?.range ?? [offset, offset];
    return tb.scalar(pos.text.slice(s, e), false, s, e);
  };

  const contents = doc.contents;
  const root = contents === null ? undefined : build(contents, 0);
  return { root, duplicates: tb.duplicates, nodeEnds: tb.nodeEnds, expandedSize: tb.expandedSize(root), shared: tb.shared };
}

/** The pair of a key in a list of pairs (a loop: no closure per lookup, this runs for every key of every file). */
function findKey(pairs: readonly YPair[], key: string): YPair | undefined {
  for (let i = 0; i < pairs.length; i++) if (pairs[i]!.key === key) return pairs[i];
  return undefined;
}

export function getPair(node: YNode | undefined, key: string): YPair | undefined {
  return node?.kind === 'map' ? findKey(node.pairs, key) : undefined;
}

export function get(node: YNode | undefined, key: string): YNode | undefined {
  return getPair(node, key)?.value;
}

/** A scalar's value as Compose reads it: numbers and booleans as their text, null as undefined. */
export function text(node: YNode | undefined): string | undefined {
  if (node?.kind !== 'scalar' || node.value === null) return undefined;
  return String(node.value);
}

/** Whether a node is absent, `null` or empty. */
export function isNull(node: YNode | undefined): boolean {
  return node === undefined || (node.kind === 'scalar' && node.value === null);
}

/**
 * The plain JavaScript value (for schema validation); callers bound the size with `expandedSize` first, so an
 * aliased collection is simply converted again wherever it is used (validation reads the expansion anyway).
 */
export function toPlain(node: YNode): unknown {
  if (node.kind === 'scalar') return node.value;
  if (node.kind === 'seq') return node.items.map(toPlain);
  const obj: Record<string, unknown> = {};
  for (const p of node.pairs) {
    // A `__proto__` key is data like any other, not the object's prototype.
    if (p.key === '__proto__') Object.defineProperty(obj, p.key, { value: toPlain(p.value), enumerable: true, writable: true, configurable: true });
    else obj[p.key] = toPlain(p.value);
  }
  return obj;
}

/**
 * The range of characters [from, to) of a scalar's value, when the value appears verbatim in the source (plain
 * or quoted without escapes, on one line); otherwise the whole scalar, which is the most exact honest answer.
 */
export function subRange(node: YScalar, pos: Positions, from: number, to: number): Range {
  const value = text(node);
  if (value === undefined) return node.range;
  const source = pos.text.slice(node.start, node.end);
  const inner = node.quoted ? source.slice(1, -1) : source;
  if (inner !== value || value.includes('\n')) return node.range;
  const base = node.start + (node.quoted ? 1 : 0);
  return pos.range(base + from, base + to);
}

export function str(node: YNode | undefined): Str | undefined {
  const value = text(node);
  return value === undefined || node?.kind !== 'scalar' ? undefined : { value, range: node.range, node };
}
