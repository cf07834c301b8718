// Workflow and action files to the GitHub Actions model, never throwing: the shared YAML layer gives the tree and
// its syntax errors; this reads triggers, permissions, jobs and steps, places every `${{ }}` expression in the file
// and parses every POSIX-shell `run:` script once. Expression syntax errors are syntax errors of the file.
import type { Parsed } from '../../core/analyze.ts';
import type { Report } from '../../core/rule.ts';
import { offsetAt } from '../dockerfile/source.ts';
import { parseShell } from '../dockerfile/shell.ts';
import type { Source } from '../dockerfile/types.ts';
import type { LineIndex } from '../line-index.ts';
import { parseYaml } from '../yaml/parse.ts';
import { scalarSource } from '../yaml/scalar-source.ts';
import { get, getPair, str, text } from '../yaml/yaml-tree.ts';
import type { Positions, Str, YMap, YNode, YPair, YScalar } from '../yaml/yaml-tree.ts';
import type { Range } from '../../core/types.ts';
import { findExpressions } from './expression.ts';
import type { Expression } from './expression.ts';
import { validateSchema } from './schema.ts';
import type { GhaDoc, Job, KeyPath, PlacedExpression, RunScript, Step, Trigger } from './model.ts';
import { scanGhaComments } from './suppressions.ts';
import { parseUses } from './uses.ts';
import type { UsesRef } from './uses.ts';

const POSIX_SHELLS = new Set(['bash', 'sh']);

// The model's objects that live as long as the document and point into its tree (steps, jobs, their `uses:`, run
// scripts, placed expressions) are made by constructors, not object literals: V8 tracks an object literal's
// allocation site and, seeing most of its objects survive a minor collection (they do, for the length of an
// analysis), starts allocating them in the old generation; each dead document's young tree was then kept alive
// from there through the next minor collections and promoted (7-9 MB copied per collection on the 98 KB workflow).
// Constructed objects have no allocation site. Optional fields are still added only when present.

class StepObject {
  node: YMap;
  index: number;
  range: Range;
  path: KeyPath;
  constructor(node: YMap, index: number, path: KeyPath) {
    this.node = node;
    this.index = index;
    this.range = node.range;
    this.path = path;
  }
}

class JobObject {
  id: string;
  keyNode: YScalar;
  node: YMap;
  pair: YPair;
  needs: Str[];
  steps: Step[];
  constructor(pair: YPair, node: YMap) {
    this.id = pair.key;
    this.keyNode = pair.keyNode;
    this.node = node;
    this.pair = pair;
    this.needs = [];
    this.steps = [];
  }
}

class UsesObject {
  str: Str;
  ref: UsesRef;
  constructor(str: Str) {
    this.str = str;
    this.ref = parseUses(str.value);
  }
}

class RunScriptObject {
  str: Str;
  shell: string;
  source: Source;
  constructor(str: Str, shell: string, source: Source) {
    this.str = str;
    this.shell = shell;
    this.source = source;
  }
}

class PlacedObject {
  expression: Expression;
  node: YScalar;
  path: KeyPath;
  range: Range;
  rangeOf: (span: { start: number; end: number }) => Range;
  constructor(expression: Expression, node: YScalar, path: KeyPath, rangeOf: (span: { start: number; end: number }) => Range) {
    this.expression = expression;
    this.node = node;
    this.path = path;
    this.range = rangeOf(expression);
    this.rangeOf = rangeOf;
  }
}

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

/** The default shell of `defaults.run.shell` of a mapping (a workflow, a job). */
function defaultShell(node: YNode | undefined): string | undefined {
  return text(get(get(get(node, 'defaults'), 'run'), 'shell'));
}

function runsOnWindows(runsOn: YNode | undefined): boolean {
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
  const items = node.items;
  for (let index = 0; index < items.length; index++) {
    const item = items[index]!;
    if (item.kind !== 'map') continue;
    const step: Step = new StepObject(item, index, path);
    // One pass over the step's keys (the first of a key wins, as `get` reads it), instead of a lookup per key.
    let id: YNode | undefined;
    let name: YNode | undefined;
    let uses: YNode | undefined;
    let shell: YNode | undefined;
    let cond: YNode | undefined;
    let w: YNode | undefined;
    let env: YNode | undefined;
    let run: YNode | undefined;
    for (const p of item.pairs) {
      switch (p.key) {
        case 'id':
          id ??= p.value;
          break;
        case 'name':
          name ??= p.value;
          break;
        case 'uses':
          uses ??= p.value;
          break;
        case 'shell':
          shell ??= p.value;
          break;
        case 'if':
          cond ??= p.value;
          break;
        case 'with':
          w ??= p.value;
          break;
        case 'env':
          env ??= p.value;
          break;
        case 'run':
          run ??= p.value;
          break;
      }
    }
    const idStr = str(id);
    if (idStr) step.id = idStr;
    const nameStr = str(name);
    if (nameStr) step.name = nameStr;
    const usesStr = str(uses);
    if (usesStr) step.uses = new UsesObject(usesStr);
    const shellStr = str(shell);
    if (shellStr) step.shell = shellStr;
    const condStr = str(cond);
    if (condStr) step.if = condStr;
    const withMap = asMap(w);
    if (withMap) step.with = withMap;
    const envMap = asMap(env);
    if (envMap) step.env = envMap;
    if (job) step.job = job;
    const runStr = str(run);
    if (runStr) {
      // The command of a custom shell (`bash -e {0}`), by its base name (`/bin/bash` is bash).
      const shellName = shellNameOf(shellStr?.value ?? fallbackShell);
      const source = scalarSource(runStr.node, b.pos);
      const script: RunScript = new RunScriptObject(runStr, shellName, source);
      // Expressions are replaced before the shell runs: the script the shell sees has a value there, not `${{`.
      if (POSIX_SHELLS.has(shellName)) script.script = parseShell(source, { index: b.index });
      step.run = script;
    }
    steps.push(step);
  }
  return steps;
}

const shellNames = new Map<string, string>();

/** The command of a shell setting, by its base name (`/bin/bash -e {0}` is bash); a handful of distinct values. */
function shellNameOf(shell: string): string {
  let name = shellNames.get(shell);
  if (name === undefined) {
    name = shell.trim().split(/\s+/)[0]!.toLowerCase().replace(/^.*\//, '');
    // Bounded: the values come from submitted files.
    if (shellNames.size > 256) shellNames.clear();
    shellNames.set(shell, name);
  }
  return name;
}

function jobsOf(b: Builder, root: YNode | undefined): Job[] {
  const jobs = asMap(get(root, 'jobs'));
  if (!jobs) return [];
  const workflowShell = defaultShell(root);
  const out: Job[] = [];
  for (const pair of jobs.pairs) {
    const node = asMap(pair.value);
    if (!node) continue;
    const job: Job = new JobObject(pair, node);
    // One pass over the job's keys (the first of a key wins, as `get` and `getPair` read it).
    let name: YNode | undefined;
    let needs: YNode | undefined;
    let permissions: YPair | undefined;
    let runsOn: YNode | undefined;
    let uses: YNode | undefined;
    let container: YNode | undefined;
    let services: YNode | undefined;
    let env: YNode | undefined;
    let cond: YNode | undefined;
    let secrets: YPair | undefined;
    let timeout: YPair | undefined;
    let defaults: YNode | undefined;
    let steps: YNode | undefined;
    for (const p of node.pairs) {
      switch (p.key) {
        case 'name':
          name ??= p.value;
          break;
        case 'needs':
          needs ??= p.value;
          break;
        case 'permissions':
          permissions ??= p;
          break;
        case 'runs-on':
          runsOn ??= p.value;
          break;
        case 'uses':
          uses ??= p.value;
          break;
        case 'container':
          container ??= p.value;
          break;
        case 'services':
          services ??= p.value;
          break;
        case 'env':
          env ??= p.value;
          break;
        case 'if':
          cond ??= p.value;
          break;
        case 'secrets':
          secrets ??= p;
          break;
        case 'timeout-minutes':
          timeout ??= p;
          break;
        case 'defaults':
          defaults ??= p.value;
          break;
        case 'steps':
          steps ??= p.value;
          break;
      }
    }
    const nameStr = str(name);
    if (nameStr) job.name = nameStr;
    job.needs = needs?.kind === 'seq' ? needs.items.flatMap((n) => str(n) ?? []) : str(needs) ? [str(needs)!] : [];
    if (permissions) job.permissions = permissions;
    if (runsOn) job.runsOn = runsOn;
    const usesStr = str(uses);
    if (usesStr) job.uses = new UsesObject(usesStr);
    if (container) job.container = container;
    if (services) job.services = services;
    const envMap = asMap(env);
    if (envMap) job.env = envMap;
    const condStr = str(cond);
    if (condStr) job.if = condStr;
    if (secrets) job.secrets = secrets;
    if (timeout) job.timeoutMinutes = timeout;
    const shell = text(get(get(defaults, 'run'), 'shell')) ?? workflowShell ?? (runsOnWindows(runsOn) ? 'pwsh' : 'bash');
    job.steps = stepsOf(b, steps, ['jobs', pair.key, 'steps'], job, shell);
    out.push(job);
  }
  return out;
}

/** Every expression in every scalar (values and keys), with its key path; steps and jobs attached after. `shared`:
 * the tree has aliased nodes, each visited once (at its anchor); without aliases no node is met twice and the walk
 * keeps no record of what it has seen. */
function expressionsOf(b: Builder, root: YNode | undefined, shared: boolean, values: YScalar[] | undefined): PlacedExpression[] {
  const out: PlacedExpression[] = [];
  const seen = shared ? new Set<YNode>() : undefined;
  const visitScalar = (node: YScalar, at: KeyPath): void => {
    const path = [...at];
    const source = scalarSource(node, b.pos);
    for (const expression of findExpressions(node.value as string)) {
      const rangeOf = (span: { start: number; end: number }) => sourceRange(b.pos, source, span.start, span.end);
      const placed: PlacedExpression = new PlacedObject(expression, node, path, rangeOf);
      if (expression.error) b.errors.push({ range: rangeOf(expression.error), messageId: 'expression', data: { detail: expression.error.message } });
      out.push(placed);
    }
  };
  // One path stack, copied only for the few scalars that hold an expression.
  const path: (string | number)[] = [];
  const visit = (node: YNode): void => {
    if (seen) {
      if (seen.has(node)) return;
      seen.add(node);
    }
    if (node.kind === 'scalar') {
      if (values && typeof node.value === 'string') values.push(node);
      if (hasExpression(node)) visitScalar(node, path);
    } else if (node.kind === 'seq') {
      const items = node.items;
      for (let i = 0; i < items.length; i++) {
        path.push(i);
        visit(items[i]!);
        path.pop();
      }
    } else {
      for (const p of node.pairs) {
        path.push(p.key);
        if (hasExpression(p.keyNode)) visitScalar(p.keyNode, path);
        visit(p.value);
        path.pop();
      }
    }
  };
  if (root) visit(root);
  return out;
}

function hasExpression(node: YScalar): boolean {
  return typeof node.value === 'string' && node.value.includes('${{');
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
  const index = y.pos.lines;
  const b: Builder = { pos: y.pos, index, errors: [] };
  const root = y.root;
  const doc: GhaDoc = { kind, pos: y.pos, index, root, duplicates: y.duplicates, on: [], jobs: [], steps: [], expressions: [], memo: new Map() };
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
  // The walk placing expressions also collects the string values (when no node appears twice, as a walk of the tree
  // by a rule would meet them).
  const values: YScalar[] | undefined = y.shared ? undefined : [];
  doc.expressions = expressionsOf(b, root, y.shared, values);
  if (values) doc.stringValues = values;
  attach(doc);
  // As GitHub's parser does, the schema is only checked on valid YAML: on a broken tree its errors would mislead.
  const schemaErrors = y.syntaxErrors.length === 0 ? validateSchema({ kind, root, pos: y.pos, expressions: byNode(doc.expressions) }) : [];
  const scan = scanGhaComments(y.comments, y.pos, y.nodeEnds);
  return { doc, suppressions: scan.suppressions, syntaxErrors: [...y.syntaxErrors, ...b.errors, ...schemaErrors, ...scan.errors] };
}

export function parseWorkflow(text: string): Parsed<GhaDoc> {
  return parseGha(text, 'workflow');
}
