// Workflow and action files to the GitHub Actions model, never throwing: the shared YAML layer gives the tree and
// its syntax errors; this reads triggers, permissions, jobs and steps, places every `${{ }}` expression in the file
// and parses every POSIX-shell `run:` script once. Expression syntax errors are syntax errors of the file.
import type { Parsed } from '../../core/analyze.ts';
import type { Report } from '../../core/rule.ts';
import { offsetAt } from '../dockerfile/source.ts';
import { parseShell } from '../dockerfile/shell.ts';
import type { Source } from '../dockerfile/types.ts';
import { LineIndex } from '../line-index.ts';
import { parseYaml } from '../yaml/parse.ts';
import { scalarSource } from '../yaml/scalar-source.ts';
import { get, getPair, str, text } from '../yaml/yaml-tree.ts';
import type { Positions, YMap, YNode, YScalar } from '../yaml/yaml-tree.ts';
import { findExpressions } from './expression.ts';
import { validateSchema } from './schema.ts';
import type { GhaDoc, Job, KeyPath, PlacedExpression, RunScript, Step, Trigger } from './model.ts';
import { scanGhaComments } from './suppressions.ts';
import { parseUses } from './uses.ts';

const POSIX_SHELLS = new Set(['bash', 'sh']);

function asMap(node: YNode | undefined): YMap | undefined {
  return node?.kind === 'map' ? node : undefined;
}

/** Maps [a, b) of a source's text to a file range. */
function sourceRange(pos: Positions, src: Source, a: number, b: number) {
  const start = offsetAt(src, a);
  const end = b > a ? offsetAt(src, b - 1) + 1 : start;
  return pos.range(start, end);
}

function triggersOf(node: YNode | undefined): Trigger[] {
  if (!node) return [];
  if (node.kind === 'scalar') {
    const name = text(node);
    return name ? [{ name, range: node.range }] : [];
  }
  if (node.kind === 'seq') return node.items.flatMap((n) => (n.kind === 'scalar' && text(n) ? [{ name: text(n)!, range: n.range }] : []));
  return node.pairs.map((p) => ({ name: p.key, range: p.keyNode.range, config: p.value }));
}

function usesOf(node: YMap): Step['uses'] {
  const s = str(get(node, 'uses'));
  return s ? { str: s, ref: parseUses(s.value) } : undefined;
}

/** The default shell of `defaults.run.shell` of a mapping (a workflow, a job). */
function defaultShell(node: YNode | undefined): string | undefined {
  return text(get(get(get(node, 'defaults'), 'run'), 'shell'));
}

function runsOnWindows(job: YNode | undefined): boolean {
  const runsOn = get(job, 'runs-on');
  const labels = runsOn?.kind === 'seq' ? runsOn.items.map(text) : runsOn?.kind === 'map' ? [text(get(runsOn, 'labels'))] : [text(runsOn)];
  return labels.some((l) => l !== undefined && /windows/i.test(l));
}

interface Builder {
  pos: Positions;
  index: LineIndex;
  errors: Report[];
}

function stepsOf(b: Builder, node: YNode | undefined, path: KeyPath, job: Job | undefined, fallbackShell: string): Step[] {
  if (node?.kind !== 'seq') return [];
  const steps: Step[] = [];
  node.items.forEach((item, index) => {
    if (item.kind !== 'map') return;
    const step: Step = { node: item, index, range: item.range, path };
    const id = str(get(item, 'id'));
    if (id) step.id = id;
    const name = str(get(item, 'name'));
    if (name) step.name = name;
    const uses = usesOf(item);
    if (uses) step.uses = uses;
    const shell = str(get(item, 'shell'));
    if (shell) step.shell = shell;
    const cond = str(get(item, 'if'));
    if (cond) step.if = cond;
    const w = asMap(get(item, 'with'));
    if (w) step.with = w;
    const env = asMap(get(item, 'env'));
    if (env) step.env = env;
    if (job) step.job = job;
    const run = get(item, 'run');
    const runStr = str(run);
    if (runStr) {
      // The command of a custom shell (`bash -e {0}`), by its base name (`/bin/bash` is bash).
      const shellName = (shell?.value ?? fallbackShell).trim().split(/\s+/)[0]!.toLowerCase().replace(/^.*\//, '');
      const source = scalarSource(runStr.node, b.pos);
      const script: RunScript = { str: runStr, shell: shellName, source };
      // Expressions are replaced before the shell runs: the script the shell sees has a value there, not `${{`.
      if (POSIX_SHELLS.has(shellName)) script.script = parseShell(source, { index: b.index });
      step.run = script;
    }
    steps.push(step);
  });
  return steps;
}

function jobsOf(b: Builder, root: YNode | undefined): Job[] {
  const jobs = asMap(get(root, 'jobs'));
  if (!jobs) return [];
  const workflowShell = defaultShell(root);
  return jobs.pairs.flatMap((pair) => {
    const node = asMap(pair.value);
    if (!node) return [];
    const job: Job = { id: pair.key, keyNode: pair.keyNode, node, pair, needs: [], steps: [] };
    const name = str(get(node, 'name'));
    if (name) job.name = name;
    const needs = get(node, 'needs');
    job.needs = needs?.kind === 'seq' ? needs.items.flatMap((n) => str(n) ?? []) : str(needs) ? [str(needs)!] : [];
    const permissions = getPair(node, 'permissions');
    if (permissions) job.permissions = permissions;
    const runsOn = get(node, 'runs-on');
    if (runsOn) job.runsOn = runsOn;
    const uses = usesOf(node);
    if (uses) job.uses = uses;
    const container = get(node, 'container');
    if (container) job.container = container;
    const services = get(node, 'services');
    if (services) job.services = services;
    const env = asMap(get(node, 'env'));
    if (env) job.env = env;
    const cond = str(get(node, 'if'));
    if (cond) job.if = cond;
    const secrets = getPair(node, 'secrets');
    if (secrets) job.secrets = secrets;
    const timeout = getPair(node, 'timeout-minutes');
    if (timeout) job.timeoutMinutes = timeout;
    const shell = defaultShell(node) ?? workflowShell ?? (runsOnWindows(node) ? 'pwsh' : 'bash');
    job.steps = stepsOf(b, get(node, 'steps'), ['jobs', pair.key, 'steps'], job, shell);
    return [job];
  });
}

/** Every expression in every scalar (values and keys), with its key path; steps and jobs attached after. */
function expressionsOf(b: Builder, root: YNode | undefined): PlacedExpression[] {
  const out: PlacedExpression[] = [];
  const seen = new Set<YNode>();
  const visitScalar = (node: YScalar, at: KeyPath): void => {
    if (typeof node.value !== 'string' || !node.value.includes('${{')) return;
    const path = [...at];
    const source = scalarSource(node, b.pos);
    for (const expression of findExpressions(node.value)) {
      const rangeOf = (span: { start: number; end: number }) => sourceRange(b.pos, source, span.start, span.end);
      const placed: PlacedExpression = { expression, node, path, range: rangeOf(expression), rangeOf };
      if (expression.error) b.errors.push({ range: rangeOf(expression.error), messageId: 'expression', data: { detail: expression.error.message } });
      out.push(placed);
    }
  };
  // One path stack, copied only for the few scalars that hold an expression.
  const path: (string | number)[] = [];
  const visit = (node: YNode): void => {
    // An aliased node is visited once, at its anchor.
    if (seen.has(node)) return;
    seen.add(node);
    if (node.kind === 'scalar') {
      visitScalar(node, path);
    } else if (node.kind === 'seq') {
      node.items.forEach((n, i) => {
        path.push(i);
        visit(n);
        path.pop();
      });
    } else {
      for (const p of node.pairs) {
        path.push(p.key);
        visitScalar(p.keyNode, path);
        visit(p.value);
        path.pop();
      }
    }
  };
  if (root) visit(root);
  return out;
}

function attach(doc: GhaDoc): void {
  const jobs = new Map(doc.jobs.map((j) => [j.id, j]));
  for (const e of doc.expressions) {
    const p = e.path;
    if (doc.kind === 'workflow' && p[0] === 'jobs' && typeof p[1] === 'string') {
      const job = jobs.get(p[1]);
      if (!job) continue;
      e.job = job;
      if (p[2] === 'steps' && typeof p[3] === 'number') {
        const step = job.steps.find((s) => s.index === p[3]);
        if (step) e.step = step;
      }
    } else if (doc.kind === 'action' && p[0] === 'runs' && p[1] === 'steps' && typeof p[2] === 'number') {
      const step = doc.steps.find((s) => s.index === p[2]);
      if (step) e.step = step;
    }
  }
}

function byNode(expressions: readonly PlacedExpression[]): Map<YScalar, PlacedExpression[]> {
  const out = new Map<YScalar, PlacedExpression[]>();
  for (const e of expressions) {
    const list = out.get(e.node);
    if (list) list.push(e);
    else out.set(e.node, [e]);
  }
  return out;
}

export function parseGha(text: string, kind: GhaDoc['kind']): Parsed<GhaDoc> {
  const y = parseYaml(text);
  const index = new LineIndex(text);
  const b: Builder = { pos: y.pos, index, errors: [] };
  const root = y.root;
  const doc: GhaDoc = { kind, pos: y.pos, index, root, duplicates: y.duplicates, on: [], jobs: [], steps: [], expressions: [] };
  if (kind === 'workflow') {
    const onPair = getPair(root, 'on');
    if (onPair) {
      doc.onPair = onPair;
      doc.on = triggersOf(onPair.value);
    }
    const permissions = getPair(root, 'permissions');
    if (permissions) doc.permissions = permissions;
    const env = asMap(get(root, 'env'));
    if (env) doc.env = env;
    doc.jobs = jobsOf(b, root);
    doc.steps = doc.jobs.flatMap((j) => j.steps);
  } else {
    const runs = asMap(get(root, 'runs'));
    if (runs) {
      doc.runs = runs;
      // Composite actions must name each run step's shell; a missing one is bash as GitHub's runner would refuse it.
      doc.steps = stepsOf(b, get(runs, 'steps'), ['runs', 'steps'], undefined, 'bash');
    }
  }
  doc.expressions = expressionsOf(b, root);
  attach(doc);
  // As GitHub's parser does, the schema is only checked on valid YAML: on a broken tree its errors would mislead.
  const schemaErrors = y.syntaxErrors.length === 0 ? validateSchema({ kind, root, pos: y.pos, expressions: byNode(doc.expressions) }) : [];
  const scan = scanGhaComments(y.comments, y.pos, y.nodeEnds);
  return { doc, suppressions: scan.suppressions, syntaxErrors: [...y.syntaxErrors, ...b.errors, ...schemaErrors, ...scan.errors] };
}

export function parseWorkflow(text: string): Parsed<GhaDoc> {
  return parseGha(text, 'workflow');
}
