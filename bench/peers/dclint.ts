// dclint's cases: each `test(…)` of tests/rules/*.spec.ts that calls `runRuleTest` with a rule, a Compose text
// (`sourceCode`, one of the file's template constants) and the expected messages — none: negative, some:
// positive. A rule built with options other than its defaults (the rule's `defaultOptions`) needs configuration;
// tests of `rule.fix()` assert a rewritten text, not findings, and are not cases.
import path from 'node:path';
import { filesUnder, read } from './checkouts.ts';
import type { Extraction } from './types.ts';

const TESTS = 'tests/rules';
const RULES = 'src/rules';

/** The text between the bracket at `open` and its match. */
function bracketed(text: string, open: number): string | undefined {
  const pairs: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
  const close = pairs[text[open]!];
  if (!close) return undefined;
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === text[open]) depth++;
    else if (text[i] === close && --depth === 0) return text.slice(open + 1, i);
  }
  return undefined;
}

/** Top-level comma-separated parts of a list or object body, trimmed, empty ones dropped. */
function parts(body: string): string[] {
  const out = [''];
  let depth = 0;
  for (const ch of body) {
    if ('([{'.includes(ch)) depth++;
    if (')]}'.includes(ch)) depth--;
    if (ch === ',' && depth === 0) out.push('');
    else out[out.length - 1] += ch;
  }
  return out.map((p) => p.replace(/\s+/g, ' ').trim()).filter(Boolean);
}

/** A rule class's id and default options (`key: value` texts). */
function rulesByClass(checkout: string): Map<string, { id: string; defaults: Set<string> }> {
  const map = new Map<string, { id: string; defaults: Set<string> }>();
  for (const f of filesUnder(path.join(checkout, RULES)).filter((f) => f.endsWith('-rule.ts'))) {
    const src = read(path.join(checkout, RULES, f));
    const cls = /class (\w+) implements Rule/.exec(src)?.[1];
    const id = /static readonly name = '([^']+)'/.exec(src)?.[1];
    const at = /const defaultOptions[^=]*=\s*\{/.exec(src);
    const defaults = at ? parts(bracketed(src, at.index + at[0].length - 1) ?? '') : [];
    if (cls && id) map.set(cls, { id, defaults: new Set(defaults) });
  }
  return map;
}

export function dclintCases(checkout: string): Extraction {
  const out: Extraction = { cases: [], unread: [] };
  const rules = rulesByClass(checkout);
  for (const file of filesUnder(path.join(checkout, TESTS)).filter((f) => f.endsWith('.spec.ts'))) {
    const rel = `${TESTS}/${file}`;
    const src = read(path.join(checkout, TESTS, file));
    const constants = new Map([...src.matchAll(/^const (\w+)\s*=\s*`([^`]*)`;/gm)].map((m) => [m[1]!, m[2]!]));
    const starts = [...src.matchAll(/^test\(/gm)].map((m) => m.index);
    starts.forEach((start, n) => {
      const block = src.slice(start, starts[n + 1] ?? src.length);
      const where = `${rel}:${src.slice(0, start).split('\n').length}`;
      if (!block.includes('runRuleTest(')) {
        out.unread.push({ where, why: block.includes('.fix(') ? 'a fix test: it asserts the rewritten text, not findings' : 'no runRuleTest call' });
        return;
      }
      const created = /new (\w+)\(/.exec(block);
      const rule = created ? rules.get(created[1]!) : undefined;
      const options = created ? parts(bracketed(block, created.index + created[0].length - 1)?.trim().replace(/^\{|\}$/g, '') ?? '') : [];
      const source = /sourceCode:\s*(\w+)/.exec(block)?.[1];
      const content = source ? constants.get(source) : undefined;
      const listAt = /const expectedMessages[^=]*=\s*\[/.exec(block);
      const expected = listAt ? bracketed(block, listAt.index + listAt[0].length - 1) : undefined;
      if (!rule || content === undefined || expected === undefined) {
        out.unread.push({ where, why: !rule ? 'no rule class it could resolve' : content === undefined ? 'a source text that is not one of the file\'s constants' : 'no expectedMessages list' });
        return;
      }
      const custom = options.filter((o) => !rule.defaults.has(o));
      out.cases.push({
        tool: 'dclint',
        rule: rule.id,
        expect: parts(expected).length > 0 ? 'positive' : 'negative',
        fileType: 'compose',
        content,
        where,
        ...(custom.length ? { config: `options { ${custom.join(', ')} }` } : {}),
      });
    });
  }
  return out;
}
