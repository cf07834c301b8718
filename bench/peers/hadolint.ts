// hadolint's cases: the rule specs (test/Hadolint/Rule/DL*Spec.hs). `ruleCatches`/`ruleCatchesNot` run a snippet
// as is; the `onBuild…` forms run it with every RUN wrapped in ONBUILD (hadolint's helper does that to the parsed
// file); `assertChecks <snippet> (failsWith N "DLxxxx")` is positive for N > 0. A spec's `?config` other than `def`
// (trusted registries, label schemas) marks its cases as needing configuration; where ours has the same setting it is
// carried as our `rules.options` (`optionsOf`), and the case is analyzed with it (still reported apart).
import path from 'node:path';
import { filesUnder, read } from './checkouts.ts';
import { bindings, EvalError, evaluate, layoutSpan, tokenize } from './haskell.ts';
import type { Token } from './haskell.ts';
import type { RuleOptionValue } from '../../src/core/rule.ts';
import type { Extraction, PeerCase } from './types.ts';

const CALLS: Record<string, { expect: PeerCase['expect']; onBuild: boolean }> = {
  ruleCatches: { expect: 'positive', onBuild: false },
  ruleCatchesNot: { expect: 'negative', onBuild: false },
  onBuildRuleCatches: { expect: 'positive', onBuild: true },
  onBuildRuleCatchesNot: { expect: 'negative', onBuild: true },
};
const SPECS = 'test/Hadolint/Rule';

/** The snippet as hadolint's `assertOnBuildChecks` sees it: each RUN instruction inside ONBUILD. */
export function wrapRunInOnBuild(dockerfile: string): string {
  let continued = false;
  return dockerfile
    .split('\n')
    .map((line) => {
      const starts = !continued;
      continued = /\\\s*$/.test(line) || (continued && /^\s*(#.*)?$/.test(line));
      return starts && /^\s*RUN(\s|$)/i.test(line) ? line.replace(/^(\s*)/, '$1ONBUILD ') : line;
    })
    .join('\n');
}

/** The index after the atom at `k`: a bracketed group, or one token. */
function atomEnd(tokens: readonly Token[], k: number): number {
  const open = tokens[k]?.text;
  if (open !== '(' && open !== '[') return k + 1;
  let depth = 0;
  for (let j = k; j < tokens.length; j++) {
    if ('(['.includes(tokens[j]!.text)) depth++;
    if (')]'.includes(tokens[j]!.text) && --depth === 0) return j + 1;
  }
  return tokens.length;
}

interface ConfigSite {
  token: Token;
  indent: number;
  text: string;
}

export function hadolintCases(checkout: string): Extraction {
  const out: Extraction = { cases: [], unread: [] };
  const dir = path.join(checkout, SPECS);
  for (const file of filesUnder(dir).filter((f) => /^DL\d{4}Spec\.hs$/.test(f))) {
    const rel = `${SPECS}/${file}`;
    const tokens = tokenize(read(path.join(dir, file)));
    const lookup = bindings(tokens);
    const indentOf = new Map<number, number>();
    for (const t of tokens) if (!indentOf.has(t.line)) indentOf.set(t.line, t.col);
    const configs: ConfigSite[] = tokens
      .filter((t) => t.text === '?config' && tokens[t.i + 1]?.text === '=')
      .map((t) => ({ token: t, indent: indentOf.get(t.line)!, text: layoutSpan(tokens, t.i + 2, indentOf.get(t.line)!).map((x) => x.text).join(' ') }));
    /** The `?config` in scope at a token: the last one before it whose block has not been left since. */
    const configAt = (at: Token): string | undefined => {
      const site = configs.filter((c) => c.token.i < at.i && ![...indentOf].some(([line, col]) => line > c.token.line && line <= at.line && col < c.indent)).pop();
      return site && site.text !== 'def' ? site.text : undefined;
    };
    const text = (tks: readonly Token[]): string => {
      const v = evaluate(tks, lookup);
      if (typeof v !== 'string') throw new EvalError('a list where a snippet was expected');
      return v;
    };
    const add = (at: Token, rule: string, expect: PeerCase['expect'], snippet: string, onBuild: boolean) => {
      // A spec that passes something else as the rule code asserts nothing hadolint could report.
      if (!/^DL\d{4}$/.test(rule)) {
        out.unread.push({ where: `${rel}:${at.line}`, why: `the rule code ${JSON.stringify(rule)} is no hadolint rule (the assertion holds trivially)` });
        return;
      }
      const config = configAt(at);
      out.cases.push({
        tool: 'hadolint',
        rule,
        expect,
        fileType: 'dockerfile',
        // hadolint's helpers parse `snippet <> "\n"`.
        content: `${onBuild ? wrapRunInOnBuild(snippet) : snippet}\n`,
        where: `${rel}:${at.line}${onBuild ? ' (onbuild)' : ''}`,
        ...(config ? { config: `?config = ${config}` } : {}),
        ...(config && optionsOf(config) ? { options: optionsOf(config)! } : {}),
      });
    };
    for (const t of tokens) {
      if (t.kind !== 'name') continue;
      const call = CALLS[t.text];
      if (!call && t.text !== 'assertChecks') continue;
      // Skip the helpers' own definitions and type signatures (none in the specs, but cheap to be sure).
      if (tokens[t.i + 1]?.text === '::') continue;
      // A statement ends at a line indented no deeper than its block: the line's, or the call's own column when
      // a `do` on the same line opens the block there.
      const opensBlock = tokens[t.i - 1]?.text === 'do' && tokens[t.i - 1]!.line === t.line;
      const args = layoutSpan(tokens, t.i + 1, opensBlock ? t.col : indentOf.get(t.line)!);
      const where = `${rel}:${t.line}`;
      try {
        if (call) {
          const ruleEnd = atomEnd(args, 0);
          add(t, text(args.slice(0, ruleEnd)), call.expect, text(args.slice(ruleEnd)), call.onBuild);
          continue;
        }
        const first = atomEnd(args, 0);
        const second = args.slice(first, atomEnd(args, first));
        const fails = second.findIndex((x) => x.text === 'failsWith');
        const times = second[fails + 1];
        const code = second[fails + 2];
        if (fails < 0 || times?.kind !== 'number' || code?.kind !== 'string') {
          out.unread.push({ where, why: `assertChecks with ${second.map((x) => x.text).join(' ') || 'no assertion'}: not one rule's count` });
          continue;
        }
        add(t, code.value!, Number(times.text) > 0 ? 'positive' : 'negative', text(args.slice(0, first)), false);
      } catch (err) {
        if (!(err instanceof EvalError)) throw err;
        out.unread.push({ where, why: err.message });
      }
    }
  }
  return out;
}

/** hadolint's label types as CGD151's `label_schema` types. */
const LABEL_TYPES: Readonly<Record<string, string>> = { RawText: 'text', Url: 'url', Rfc3339: 'rfc3339', Spdx: 'spdx', GitHash: 'hash', SemVer: 'semver', Email: 'email' };

/** A spec's `?config` as our rule options: `allowedRegistries` → CGD148 `trusted_registries`; `labelSchema` and
 * `strictLabels` → CGD151 `label_schema` and `strict_labels`. Undefined when it sets anything else. */
export function optionsOf(config: string): Record<string, Record<string, RuleOptionValue>> | undefined {
  const body = /^def\s*\{(.*)\}\s*$/s.exec(config.trim())?.[1];
  if (body === undefined) return undefined;
  const out: Record<string, Record<string, RuleOptionValue>> = {};
  const registries = /allowedRegistries\s*=\s*\[([^\]]*)\]/.exec(body);
  if (registries) out['CGD148'] = { trusted_registries: [...registries[1]!.matchAll(/"([^"]*)"/g)].map((m) => m[1]!) };
  const schema = /labelSchema\s*=\s*Map\.fromList\s*\[(.*?)\]\s*(?:,|$)/s.exec(body);
  const strict = /strictLabels\s*=\s*True/.test(body);
  if (schema) {
    const entries = [...schema[1]!.matchAll(/\(\s*"([^"]*)"\s*,\s*(?:Rule\.)?(\w+)\s*\)/g)].map((m) => (LABEL_TYPES[m[2]!] ? `${m[1]}:${LABEL_TYPES[m[2]!]}` : undefined));
    if (entries.some((e) => e === undefined)) return undefined;
    out['CGD151'] = { label_schema: entries as string[], strict_labels: strict };
  }
  const known = body.replace(/allowedRegistries\s*=\s*\[[^\]]*\]|labelSchema\s*=\s*Map\.fromList\s*\[.*?\]\s*(?=,|$)|strictLabels\s*=\s*(True|False)|[\s,]/gs, '');
  return known === '' && Object.keys(out).length > 0 ? out : undefined;
}
