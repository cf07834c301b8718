// BuildKit's cases: every `checkLinterWarnings(t, sb, &lintTestParams{…})` of
// frontend/dockerfile/dockerfile_check_test.go, evaluated on the Unix side. Each expected warning is a positive at
// its line; each other rule the build runs (not skipped by `# check=` or BUILDKIT_DOCKERFILE_CHECK, experimental
// ones only when enabled) is a negative, since BuildKit asserts the complete list of warnings. When a case gives
// the lint request's warnings (`UnmarshalWarnings`, every stage: what `docker build --check` reports and what a
// linter like ours sees), those are the expected ones. Build arguments (BUILDKIT_DOCKERFILE_CHECK included), a
// platform or a .dockerignore are configuration: such cases are reported apart.
import path from 'node:path';
import { read } from './checkouts.ts';
import { GoRunner, isStruct, tokenizeGo, Unknown } from './go.ts';
import type { GoStruct, GoValue } from './go.ts';
import type { Extraction, PeerCase } from './types.ts';

const TEST = 'frontend/dockerfile/dockerfile_check_test.go';
const RULESET = 'frontend/dockerfile/linter/ruleset.go';
const CHECK_ATTR = 'build-arg:BUILDKIT_DOCKERFILE_CHECK';

interface LinterRule {
  name: string;
  experimental: boolean;
}

function ruleset(checkout: string): LinterRule[] {
  return read(path.join(checkout, RULESET))
    .split(/LinterRule\[/)
    .slice(1)
    .flatMap((chunk) => {
      const name = /Name:\s*"(\w+)"/.exec(chunk)?.[1];
      return name ? [{ name, experimental: /Experimental:\s*true/.test(chunk) }] : [];
    });
}

interface CheckConfig {
  skip: Set<string>;
  experimental: Set<string>;
}

/** `skip=A,B;error=true;experimental=C` as BuildKit's `check` directive and build argument read it. */
export function parseCheck(value: string): CheckConfig {
  const out: CheckConfig = { skip: new Set(), experimental: new Set() };
  for (const part of value.split(';')) {
    const [key, list = ''] = part.split('=', 2).map((s) => s.trim());
    const names = list.split(',').map((s) => s.trim()).filter(Boolean);
    if (key === 'skip') names.forEach((n) => out.skip.add(n));
    if (key === 'experimental') names.forEach((n) => out.experimental.add(n));
  }
  return out;
}

/** The `# check=` parser directive, if the file starts with one (directives come before anything else). */
export function checkDirective(dockerfile: string): string | undefined {
  for (const line of dockerfile.split('\n')) {
    if (line.trim() === '') continue;
    const m = /^\s*#\s*([a-zA-Z]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (!m) return undefined;
    if (m[1]!.toLowerCase() === 'check') return m[2];
  }
  return undefined;
}

const asString = (v: GoValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined);

export function buildkitCases(checkout: string): Extraction {
  const out: Extraction = { cases: [], unread: [] };
  const rules = ruleset(checkout);
  const tokens = tokenizeGo(read(path.join(checkout, TEST)));
  const hook = (callee: string, args: GoValue[], line: number): GoValue | undefined => {
    if (callee !== 'checkLinterWarnings') return undefined;
    const where = `${TEST}:${line}`;
    const params = args[2];
    if (!isStruct(params)) {
      out.unread.push({ where, why: 'the test parameters could not be evaluated' });
      return null;
    }
    const dockerfile = params.fields.get('Dockerfile');
    if (typeof dockerfile !== 'string') {
      out.unread.push({ where, why: `the Dockerfile depends on ${dockerfile instanceof Unknown ? dockerfile.why : 'something unknown'} (set up at run time)` });
      return null;
    }
    const attrs = params.fields.get('FrontendAttrs');
    const attrMap = isStruct(attrs) ? attrs.fields : new Map<string, GoValue>();
    const config = [
      ...[...attrMap].map(([k, v]) => `${k}=${asString(v) ?? '?'}`),
      ...(params.fields.has('DockerIgnore') ? ['a .dockerignore in the build context'] : []),
    ].join(', ');
    const lint = params.fields.get('UnmarshalWarnings');
    const warnings = Array.isArray(lint) ? lint : params.fields.get('Warnings') ?? [];
    if (!Array.isArray(warnings) || !warnings.every(isStruct)) {
      out.unread.push({ where, why: 'the expected warnings could not be evaluated' });
      return null;
    }
    const expected = (warnings as GoStruct[]).map((w) => ({ rule: asString(w.fields.get('RuleName')), line: w.fields.get('Line') }));
    if (expected.some((w) => !w.rule || typeof w.line !== 'number')) {
      out.unread.push({ where, why: 'an expected warning without a rule name or line' });
      return null;
    }
    const check = parseCheck(asString(attrMap.get(CHECK_ATTR)) ?? checkDirective(dockerfile) ?? '');
    const base = { tool: 'buildkit' as const, fileType: 'dockerfile' as const, content: dockerfile, where, ...(config ? { config } : {}) };
    for (const w of expected) out.cases.push({ ...base, rule: w.rule!, expect: 'positive', line: w.line as number });
    const warned = new Set(expected.map((w) => w.rule));
    for (const r of rules) {
      const runs = !check.skip.has('all') && !check.skip.has(r.name) && (!r.experimental || check.experimental.has(r.name));
      if (runs && !warned.has(r.name)) out.cases.push({ ...base, rule: r.name, expect: 'negative' } satisfies PeerCase);
    }
    return null;
  };
  const runner = new GoRunner(tokens, hook);
  // Each lint test is a top-level `func testX(t *testing.T, sb integration.Sandbox) { … }`.
  for (let k = 0; k + 1 < tokens.length; k++) {
    if (tokens[k]!.text !== 'func' || !/^test[A-Z]/.test(tokens[k + 1]!.text)) continue;
    let open = k;
    while (tokens[open]!.text !== '{') open++;
    let depth = 0;
    let close = open;
    for (; close < tokens.length; close++) {
      if (tokens[close]!.text === '{') depth++;
      else if (tokens[close]!.text === '}' && --depth === 0) break;
    }
    runner.runBlock(tokens.slice(open + 1, close), new Map());
    k = close;
  }
  return out;
}
