// A fast parser for the plain YAML most Compose files are written in: block mappings and sequences, one-line
// flow collections, plain and quoted one-line scalars, literal and folded block scalars, anchors, aliases,
// Compose's `!reset`/`!override` tags and comments. It builds the same tree, positions and comment list as
// the `yaml` package path in `buildTree` (whose Parser alone takes longer on a 100 KB file than our whole
// budget), and gives up (returns undefined) on anything else: other tags, multi-line flow or plain scalars,
// explicit keys, tabs, several documents, any syntax error. The caller then takes the `yaml` path, so
// behaviour never depends on which parser ran; a differential test holds the two to the same output.
import { TreeBuilder } from './yaml-tree.ts';
import type { Entry, Positions, Tree, YNode, YScalar } from './yaml-tree.ts';
import type { RawComment } from './comments.ts';

/** Thrown to abandon the fast path; never escapes `fastParse`. */
const GIVE_UP = Symbol('give up');

/** Characters that never appear in the files this parser accepts: tabs, CR, controls, BOM, directives' `%`. */
const UNSUPPORTED_CHAR = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\ufeff\ufffe\uffff]/;
/** A line that starts or ends a document (`---`, `...`), at column 0. */
const DOC_MARKER = /^(?:---|\.\.\.)(?:[ \n]|$)/gm;
const NULL = /^(?:~|[Nn]ull|NULL)?$/;
const BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
const INT_OCT = /^0o[0-7]+$/;
const INT = /^[-+]?[0-9]+$/;
const INT_HEX = /^0x[0-9a-fA-F]+$/;
const FLOAT_NAN = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const FLOAT_EXP = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;
/** First characters a plain scalar may not start with (indicators this parser does not otherwise handle). */
const PLAIN_FORBIDDEN_START = new Set([',', '[', ']', '{', '}', '#', '&', '*', '!', '|', '>', "'", '"', '%', '@', '`', '?']);
const FLOW_STOP = new Set([',', '[', ']', '{', '}']);
const ESCAPES: Record<string, string> = { '\\': '\\', '"': '"', '/': '/', n: '\n', t: '\t', r: '\r', '0': '\0', ' ': ' ' };

/** The YAML 1.2 core schema, in the order the `yaml` package tries its tags. */
function resolvePlain(s: string): string | number | boolean | null {
  // Most scalars are words: a first character that starts no null, boolean or number decides it at once.
  const c = s.charCodeAt(0);
  const lower = c | 0x20;
  if (lower >= 97 && lower <= 122) {
    if (lower === 110) return NULL.test(s) ? null : s;
    if (lower === 116 || lower === 102) return BOOL.test(s) ? s[0] === 't' || s[0] === 'T' : s;
    return s;
  }
  if (NULL.test(s)) return null;
  if (BOOL.test(s)) return s[0] === 't' || s[0] === 'T';
  if (INT_OCT.test(s)) return parseInt(s.slice(2), 8);
  if (INT.test(s)) return parseInt(s, 10);
  if (INT_HEX.test(s)) return parseInt(s.slice(2), 16);
  if (FLOAT_NAN.test(s)) return s.slice(-3).toLowerCase() === 'nan' ? NaN : s[0] === '-' ? -Infinity : Infinity;
  if (FLOAT_EXP.test(s) || FLOAT.test(s)) return parseFloat(s);
  return s;
}

/** A parsed value and where its source ends once trailing comments attached to it are counted. */
interface Parsed {
  node: YNode;
  /** End of the value's last character, or of a comment the `yaml` parser attaches to it. */
  full: number;
  alias: boolean;
  /** Whether own-line comments that follow may attach to this value (a one-line value that carries an end). */
  takesComments: boolean;
}

/** A comment left after a collection's last entry, for its parent to place. */
interface Rest {
  indent: number;
  end: number;
}

const NO_REST: readonly Rest[] = Object.freeze([]);

interface Line {
  start: number;
  /** Offset of the first non-space character (the line end for a blank line). */
  content: number;
  end: number;
  indent: number;
}

export interface FastTree extends Tree {
  comments: RawComment[];
}

class FastParser {
  private readonly text: string;
  private readonly tb: TreeBuilder;
  private readonly lines: Line[] = [];
  private ln = 0;
  private readonly anchors = new Map<string, YNode>();
  private readonly building = new Set<string>();
  /** Trailing comments a nested collection passed up to its parent when it ended. */
  private pending: readonly Rest[] = NO_REST;
  readonly comments: RawComment[] = [];

  constructor(pos: Positions, tb: TreeBuilder) {
    this.text = pos.text;
    this.tb = tb;
    const t = this.text;
    for (let start = 0; start <= t.length; ) {
      let end = t.indexOf('\n', start);
      if (end < 0) end = t.length;
      let content = start;
      while (content < end && t.charCodeAt(content) === 32) content++;
      this.lines.push({ start, content, end, indent: content - start });
      start = end + 1;
    }
  }

  private line(n: number): Line {
    const l = this.lines[n];
    if (!l) throw GIVE_UP;
    return l;
  }

  private isBlankOrComment(l: Line): boolean {
    return l.content === l.end || this.text.charCodeAt(l.content) === 35;
  }

  /** Skips blank and comment-only lines, recording the comments; returns where the last one ends, or -1. */
  private skipEmpty(): number {
    let last = -1;
    while (this.ln < this.lines.length) {
      const l = this.lines[this.ln]!;
      if (!this.isBlankOrComment(l)) break;
      if (l.content < l.end) {
        this.comment(l.content, l.end);
        last = this.afterLine(l.end);
      }
      this.ln++;
    }
    return last;
  }

  /** Past the line break that ends a line (the `yaml` parser counts it into the node before it). */
  private afterLine(lineEnd: number): number {
    return Math.min(lineEnd + 1, this.text.length);
  }

  private comment(at: number, end: number): void {
    this.comments.push({ source: this.text.slice(at, end), offset: at });
  }

  parse(): YNode | undefined {
    this.skipEmpty();
    if (this.ln >= this.lines.length) return undefined;
    const first = this.line(this.ln);
    if (first.indent !== 0) throw GIVE_UP;
    const root = this.blockNode(first.content, -1, false);
    this.skipEmpty();
    if (this.ln < this.lines.length) throw GIVE_UP;
    return root.node;
  }

  /**
   * A node starting at `at` (first character of its content) whose parent collection has indent `parent`:
   * a block mapping or sequence, or a one-line value followed by nothing more indented.
   */
  private blockNode(at: number, parent: number, inSeqItem: boolean): Parsed {
    const t = this.text;
    const l = this.line(this.ln);
    const c = t[at];
    if (c === '-' && this.isSpaceOrEnd(at + 1)) {
      if (inSeqItem) throw GIVE_UP;
      return this.blockSeq(at - l.start);
    }
    if (this.keyEnd(at, l.end) >= 0) return this.blockMap(at - l.start);
    return this.inlineValue(at, parent);
  }

  /** Whether a line starts a sequence entry (`- `). */
  private isSeqAt(x: Line): boolean {
    return this.text.charCodeAt(x.content) === 45 && this.isSpaceOrEnd(x.content + 1);
  }

  private isSpaceOrEnd(i: number): boolean {
    const c = this.text.charCodeAt(i);
    return Number.isNaN(c) || c === 32 || c === 10;
  }

  /**
   * Whether a mapping key starts at `at`: a quoted scalar or plain text followed by `:` and a space or the
   * line end. Returns the offset of that `:`, or -1.
   */
  private keyEnd(at: number, lineEnd: number): number {
    const t = this.text;
    const c = t[at];
    if (c === '"' || c === "'") {
      const close = this.quotedEnd(at, lineEnd);
      return close < lineEnd && t[close] === ':' && this.isSpaceOrEnd(close + 1) ? close : -1;
    }
    if (c === undefined || PLAIN_FORBIDDEN_START.has(c) || (c === '-' && this.isSpaceOrEnd(at + 1))) return -1;
    for (let i = at; i < lineEnd; i++) {
      const ch = t.charCodeAt(i);
      if (ch === 58 && this.isSpaceOrEnd(i + 1)) return i === at ? -1 : i;
      if (ch === 35 && t.charCodeAt(i - 1) === 32) return -1;
    }
    return -1;
  }

  /** Offset just past the closing quote of a one-line quoted scalar starting at `at`. */
  private quotedEnd(at: number, lineEnd: number): number {
    const t = this.text;
    const q = t[at];
    for (let i = at + 1; i < lineEnd; i++) {
      if (q === '"' && t[i] === '\\') i++;
      else if (t[i] === q) {
        if (q === "'" && t[i + 1] === "'") i++;
        else return i + 1;
      }
    }
    throw GIVE_UP;
  }

  private quoted(at: number, end: number): YScalar {
    const t = this.text;
    const body = t.slice(at + 1, end - 1);
    let value: string;
    if (t[at] === "'") value = body.replaceAll("''", "'");
    else if (!body.includes('\\')) value = body;
    else {
      value = '';
      for (let i = 0; i < body.length; i++) {
        const ch = body[i]!;
        if (ch !== '\\') value += ch;
        else {
          const e = ESCAPES[body[++i] ?? ''];
          if (e === undefined) throw GIVE_UP;
          value += e;
        }
      }
    }
    return this.tb.scalar(value, true, at, end);
  }

  private plainScalar(start: number, end: number): YScalar {
    return this.tb.scalar(resolvePlain(this.text.slice(start, end)), false, start, end);
  }

  /** Reads `&anchor` and `!reset`/`!override` properties; returns where the value starts and the anchor. */
  private props(at: number, lineEnd: number, flow: boolean): number {
    const t = this.text;
    let anchor: string | undefined;
    let tagged = false;
    for (;;) {
      const c = t[at];
      if (c !== '&' && c !== '!') break;
      let e = at + 1;
      // An anchor or tag name never holds a flow indicator (YAML's ns-anchor-char), in block context too: `&[a`
      // ends the name there, and what follows without a space is left to the full parser.
      while (e < lineEnd && t[e] !== ' ' && !FLOW_STOP.has(t[e]!)) e++;
      const name = t.slice(at + 1, e);
      if (c === '&') {
        if (name === '' || anchor !== undefined) throw GIVE_UP;
        anchor = name;
      } else {
        if ((name !== 'reset' && name !== 'override') || tagged) throw GIVE_UP;
        tagged = true;
      }
      if (e < lineEnd && t[e] !== ' ') throw GIVE_UP;
      at = e;
      while (at < lineEnd && t[at] === ' ') at++;
    }
    this.propAnchor = anchor;
    this.propTagged = tagged;
    return at;
  }

  /** What the last `props` read (no object per value): read them right after it, before parsing anything else. */
  private propAnchor: string | undefined;
  private propTagged = false;

  private startAnchor(anchor: string | undefined): void {
    if (anchor !== undefined) this.building.add(anchor);
  }

  private endAnchor(anchor: string | undefined, node: YNode): void {
    if (anchor === undefined) return;
    this.building.delete(anchor);
    this.anchors.set(anchor, node);
  }

  private alias(at: number, end: number): YNode {
    const name = this.text.slice(at + 1, end);
    if (name === '' || this.building.has(name)) throw GIVE_UP;
    const node = this.anchors.get(name);
    if (!node) throw GIVE_UP;
    this.tb.shared = true;
    return node;
  }

  /**
   * The rest of a line after a value that ends at `end`: spaces, then a comment or nothing. Returns where the
   * value's source ends with a trailing comment counted.
   */
  private lineRest(end: number, lineEnd: number): number {
    const t = this.text;
    let i = end;
    while (i < lineEnd && t.charCodeAt(i) === 32) i++;
    if (i < lineEnd) {
      if (t.charCodeAt(i) !== 35 || i === end) throw GIVE_UP;
      this.comment(i, lineEnd);
    }
    return this.afterLine(lineEnd);
  }

  /** A value that starts on this line after `key:` or `- ` (or the root), possibly continuing on later lines. */
  private inlineValue(at: number, parent: number): Parsed {
    const t = this.text;
    const l = this.line(this.ln);
    at = this.props(at, l.end, false);
    const anchor = this.propAnchor;
    const tagged = this.propTagged;
    if (at === l.end || t[at] === '#') {
      // Properties alone on the line: the node follows on the next lines.
      if (anchor === undefined && !tagged) throw GIVE_UP;
      if (at < l.end) this.comment(at, l.end);
      this.ln++;
      this.skipEmpty();
      const next = this.lines[this.ln];
      if (!next || next.indent <= parent || this.isBlankOrComment(next)) throw GIVE_UP;
      const c = t[next.content];
      const isSeq = c === '-' && this.isSpaceOrEnd(next.content + 1);
      if (!isSeq && this.keyEnd(next.content, next.end) < 0) throw GIVE_UP;
      this.startAnchor(anchor);
      const out = isSeq ? this.blockSeq(next.indent) : this.blockMap(next.indent);
      this.endAnchor(anchor, out.node);
      return out;
    }
    const c = t[at]!;
    let node: YNode;
    let end: number;
    let alias = false;
    this.startAnchor(anchor);
    if (c === '*') {
      if (anchor !== undefined || tagged) throw GIVE_UP;
      end = at + 1;
      while (end < l.end && t[end] !== ' ') end++;
      node = this.alias(at, end);
      alias = true;
    } else if (c === '|' || c === '>') {
      if (tagged) throw GIVE_UP;
      const out = this.blockScalar(at, parent);
      this.endAnchor(anchor, out.node);
      return out;
    } else if (c === '[' || c === '{') {
      const r = this.flowCollection(at, l.end);
      node = r.node;
      end = r.end;
    } else if (c === '"' || c === "'") {
      end = this.quotedEnd(at, l.end);
      node = this.quoted(at, end);
    } else {
      if (PLAIN_FORBIDDEN_START.has(c) || (c === '-' && this.isSpaceOrEnd(at + 1))) throw GIVE_UP;
      end = at;
      for (let i = at; i < l.end; i++) {
        const ch = t.charCodeAt(i);
        if (ch === 35 && t.charCodeAt(i - 1) === 32) break;
        if (ch === 58 && this.isSpaceOrEnd(i + 1)) throw GIVE_UP;
        if (ch !== 32) end = i + 1;
      }
      node = tagged ? this.tb.scalar(t.slice(at, end), false, at, end) : this.plainScalar(at, end);
    }
    const full = this.lineRest(end, l.end);
    this.endAnchor(anchor, node);
    this.ln++;
    return { node, full, alias, takesComments: true };
  }

  private blockScalar(at: number, parent: number): Parsed {
    const t = this.text;
    const l = this.line(this.ln);
    const folded = t[at] === '>';
    let h = at + 1;
    let chomp = '';
    if (t[h] === '-') chomp = t[h++]!;
    // An explicit indentation indicator, `+` chomping or text after the header: left to the full parser.
    this.lineRest(h, l.end);
    this.ln++;
    // Content lines: blank, or indented deeper than the parent. The first content line sets the indent.
    const first = this.ln;
    let indent = -1;
    let last = first;
    for (let n = first; n < this.lines.length; n++) {
      const x = this.lines[n]!;
      if (x.content === x.end) {
        if (indent >= 0 && x.indent > indent) throw GIVE_UP;
        continue;
      }
      if (indent < 0) {
        if (x.indent <= parent) break;
        indent = x.indent;
        if (indent === 0) throw GIVE_UP;
        // Blank lines before the first content line must not be longer than its indent.
        for (let b = first; b < n; b++) if (this.lines[b]!.indent > indent) throw GIVE_UP;
      } else if (x.indent < indent) {
        break;
      }
      last = n + 1;
    }
    if (indent < 0) throw GIVE_UP;
    const body = this.lines.slice(first, last);
    let value = '';
    let sep = '';
    for (const x of body) {
      const content = t.slice(x.start + Math.min(indent, x.end - x.start), x.end);
      if (!folded) {
        value += sep + content;
        sep = '\n';
      } else if (content.startsWith(' ')) {
        throw GIVE_UP;
      } else if (content === '') {
        if (sep === '\n') value += '\n';
        else sep = '\n';
      } else {
        value += sep + content;
        sep = ' ';
      }
    }
    if (chomp === '') value += '\n';
    if (folded && body.some((x) => x.content === x.end)) {
      // Blank lines inside folded text are rare in Compose files; their folding rules are subtle.
      throw GIVE_UP;
    }
    const lastLine = this.lines[last - 1]!;
    const end = Math.min(lastLine.end + 1, t.length);
    this.ln = last;
    return { node: this.tb.scalar(value, false, at, end), full: end, alias: false, takesComments: false };
  }

  /** A one-line flow sequence or mapping starting at `at`; returns the node and the offset after its close. */
  private flowCollection(at: number, lineEnd: number): { node: YNode; end: number } {
    const t = this.text;
    const isMap = t[at] === '{';
    const close = isMap ? '}' : ']';
    let i = at + 1;
    const skip = (): void => {
      while (i < lineEnd && t[i] === ' ') i++;
    };
    const items: YNode[] = [];
    const entries: Entry[] = [];
    const aliased: boolean[] = [];
    skip();
    if (t[i] === close) {
      i++;
    } else {
      for (;;) {
        skip();
        if (isMap) {
          const k = this.flowItem(i, lineEnd, true);
          if (k.node.kind !== 'scalar' || k.alias) throw GIVE_UP;
          i = k.end;
          skip();
          if (t[i] !== ':') throw GIVE_UP;
          i++;
          if (t[i] !== ' ') throw GIVE_UP;
          skip();
          const v = this.flowItem(i, lineEnd, false);
          entries.push({ keyNode: k.node, value: v.node });
          i = v.end;
        } else {
          const v = this.flowItem(i, lineEnd, false);
          items.push(v.node);
          aliased.push(v.alias);
          i = v.end;
        }
        skip();
        if (t[i] === ',') {
          i++;
          skip();
          if (t[i] === close || t[i] === ',') throw GIVE_UP;
          continue;
        }
        if (t[i] !== close) throw GIVE_UP;
        i++;
        break;
      }
    }
    const node = isMap ? this.tb.map(entries, at, i) : this.tb.seq(items, aliased, at, i);
    return { node, end: i };
  }

  private flowItem(at: number, lineEnd: number, asKey: boolean): { node: YNode; end: number; alias: boolean } {
    const t = this.text;
    at = this.props(at, lineEnd, true);
    const anchor = this.propAnchor;
    const tagged = this.propTagged;
    if (asKey && (anchor !== undefined || tagged)) throw GIVE_UP;
    const c = t[at];
    if (c === undefined || at >= lineEnd) throw GIVE_UP;
    this.startAnchor(anchor);
    let out: { node: YNode; end: number; alias: boolean };
    if (c === '*') {
      if (anchor !== undefined || tagged) throw GIVE_UP;
      let e = at + 1;
      while (e < lineEnd && t[e] !== ' ' && !FLOW_STOP.has(t[e]!)) e++;
      out = { node: this.alias(at, e), end: e, alias: true };
    } else if (c === '[' || c === '{') {
      if (asKey) throw GIVE_UP;
      out = { ...this.flowCollection(at, lineEnd), alias: false };
    } else if (c === '"' || c === "'") {
      const e = this.quotedEnd(at, lineEnd);
      out = { node: this.quoted(at, e), end: e, alias: false };
    } else {
      if (PLAIN_FORBIDDEN_START.has(c) || c === '-' || c === ':') throw GIVE_UP;
      let e = at;
      let i = at;
      for (; i < lineEnd; i++) {
        const ch = t[i]!;
        if (FLOW_STOP.has(ch)) break;
        if (ch === ':') {
          const next = t[i + 1];
          if (next === ' ' || next === undefined || next === '\n' || FLOW_STOP.has(next)) {
            if (!asKey) throw GIVE_UP;
            break;
          }
        }
        if (ch === '#' && t[i - 1] === ' ') throw GIVE_UP;
        if (ch !== ' ') e = i + 1;
      }
      const node = tagged ? this.tb.scalar(t.slice(at, e), false, at, e) : this.plainScalar(at, e);
      out = { node, end: e, alias: false };
    }
    this.endAnchor(anchor, out.node);
    return out;
  }

  /**
   * Comments after a value, before the next content line: the first ones indented deeper than the collection
   * attach to the value (as the `yaml` parser does); the rest are returned for the collection to place.
   */
  private trailingComments(full: number, attaching: boolean, indent: number): { full: number; rest: readonly Rest[] } {
    let rest: Rest[] | undefined;
    while (this.ln < this.lines.length) {
      const l = this.lines[this.ln]!;
      if (!this.isBlankOrComment(l)) break;
      if (l.content < l.end) {
        this.comment(l.content, l.end);
        if (attaching && l.indent > indent) full = this.afterLine(l.end);
        else {
          attaching = false;
          (rest ??= []).push({ indent: l.indent, end: this.afterLine(l.end) });
        }
      }
      this.ln++;
    }
    return { full, rest: rest ?? NO_REST };
  }

  /**
   * Decides where trailing comments left after a collection's last entry go when the collection ends: they
   * stay (extending its end) unless every one is less indented than it, or it is at indent 0.
   */
  private closeCollection(end: number, indent: number, rest: readonly Rest[]): { full: number; rest: readonly Rest[] } {
    if (rest.length === 0 || indent === 0 || rest.every((c) => c.indent < indent)) return { full: end, rest };
    return { full: rest[rest.length - 1]!.end, rest: NO_REST };
  }

  private blockMap(indent: number): Parsed {
    const t = this.text;
    const entries: Entry[] = [];
    let start = -1;
    let end = 0;
    let rest: readonly Rest[] = NO_REST;
    let first = true;
    for (;;) {
      let l: Line;
      let at: number;
      if (first) {
        l = this.line(this.ln);
        at = l.start + indent;
        first = false;
      } else {
        if (this.ln >= this.lines.length) break;
        l = this.lines[this.ln]!;
        if (l.indent < indent) break;
        if (l.indent > indent) throw GIVE_UP;
        at = l.content;
        if (t[at] === '-' && this.isSpaceOrEnd(at + 1)) throw GIVE_UP;
      }
      rest = NO_REST;
      if (start < 0) start = at;
      const colon = this.keyEnd(at, l.end);
      if (colon < 0) throw GIVE_UP;
      let keyNode: YScalar;
      if (t[at] === '"' || t[at] === "'") keyNode = this.quoted(at, colon);
      else {
        let ke = colon;
        while (ke > at && t.charCodeAt(ke - 1) === 32) ke--;
        if (ke !== colon) throw GIVE_UP;
        if (colon - at > 1000) throw GIVE_UP;
        keyNode = this.plainScalar(at, colon);
      }
      let v = colon + 1;
      while (v < l.end && t.charCodeAt(v) === 32) v++;
      let value: Parsed;
      if (v === l.end || t[v] === '#') {
        const nullAt = v;
        let commentEnd = -1;
        if (v < l.end) {
          this.comment(v, l.end);
          commentEnd = this.afterLine(l.end);
        }
        this.ln++;
        commentEnd = Math.max(commentEnd, this.skipEmpty());
        const next = this.lines[this.ln];
        if (next && (next.indent > indent || (next.indent === indent && this.isSeqAt(next)))) {
          if (this.isSeqAt(next)) value = this.blockSeq(next.indent);
          else if (this.keyEnd(next.content, next.end) >= 0) value = this.blockMap(next.indent);
          else throw GIVE_UP;
        } else {
          // An empty value: null, placed after the `:` and the spaces that follow it. Comments after it stay
          // with the pair (never with the collection) and, as in the `yaml` package, extend the node's end.
          entries.push({ keyNode, value: this.tb.scalar(null, false, nullAt, nullAt) });
          end = commentEnd >= 0 ? commentEnd : nullAt;
          continue;
        }
      } else {
        value = this.inlineValue(v, indent);
      }
      entries.push({ keyNode, value: value.node });
      const tail = this.afterEntry(value, indent);
      end = tail.full;
      rest = tail.rest;
    }
    const node = this.tb.map(entries, start, end);
    const closed = this.closeCollection(end, indent, rest);
    this.pending = closed.rest;
    return { node, full: closed.full, alias: false, takesComments: false };
  }

  /** After an entry's value: attached comments, and those left for the collection (from nested collections too). */
  private afterEntry(value: Parsed, indent: number): { full: number; rest: readonly Rest[] } {
    if (value.takesComments) return this.trailingComments(value.full, true, indent);
    // A nested collection or block scalar already consumed its own trailing comments; more may follow.
    const pending = this.pending;
    this.pending = NO_REST;
    const more = this.trailingComments(value.full, false, indent);
    // The lists are never changed once made: either one alone is passed on as it is.
    return { full: value.full, rest: more.rest.length === 0 ? pending : pending.length === 0 ? more.rest : [...pending, ...more.rest] };
  }

  private blockSeq(indent: number): Parsed {
    const t = this.text;
    const items: YNode[] = [];
    const aliased: boolean[] = [];
    let start = -1;
    let end = 0;
    let rest: readonly Rest[] = NO_REST;
    for (;;) {
      if (this.ln >= this.lines.length) break;
      const l = this.lines[this.ln]!;
      if (l.indent < indent) break;
      if (l.indent > indent) throw GIVE_UP;
      const at = l.content;
      if (!(t[at] === '-' && this.isSpaceOrEnd(at + 1))) break;
      if (start < 0) start = at;
      rest = NO_REST;
      let v = at + 1;
      while (v < l.end && t.charCodeAt(v) === 32) v++;
      if (v === l.end || t[v] === '#') throw GIVE_UP;
      const value = this.keyEnd(v, l.end) >= 0 ? this.blockMap(v - l.start) : this.blockNode(v, indent, true);
      items.push(value.node);
      aliased.push(value.alias);
      const tail = this.afterEntry(value, indent);
      end = tail.full;
      rest = tail.rest;
    }
    if (start < 0) throw GIVE_UP;
    const node = this.tb.seq(items, aliased, start, end);
    const closed = this.closeCollection(end, indent, rest);
    this.pending = closed.rest;
    return { node, full: closed.full, alias: false, takesComments: false };
  }
}

/** The tree and comments of `pos.text`, or undefined when the text leaves the subset this parser reads. */
export function fastParse(pos: Positions): FastTree | undefined {
  const text = pos.text;
  if (UNSUPPORTED_CHAR.test(text)) return undefined;
  DOC_MARKER.lastIndex = 0;
  if (DOC_MARKER.test(text) || /^%/m.test(text)) return undefined;
  const tb = new TreeBuilder(pos);
  const parser = new FastParser(pos, tb);
  try {
    const root = parser.parse();
    return { root, duplicates: tb.duplicates, nodeEnds: tb.nodeEnds, expandedSize: tb.expandedSize(root), shared: tb.shared, comments: parser.comments };
  } catch (e) {
    if (e === GIVE_UP) return undefined;
    throw e;
  }
}
