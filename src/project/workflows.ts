// Workflow → build and workflow → reusable workflow links. A workflow step that builds an image names the
// Dockerfile or Compose file it reads: `docker/build-push-action` (`file:`, else `context:`/Dockerfile, else the
// repository's Dockerfile — the action's Git context), `docker build [-f X] ctx` and `docker compose -f X` in a bash
// `run:` script (read from the parsed script, relative to the step's working directory). A job calling
// `./.github/workflows/x.yml` links to that workflow. Paths are relative to the repository root: the part of the
// workflow's name before `.github/workflows/` (its own directory when the name has no such part). A job that checks
// out another repository, or into a sub-path, builds files this submission does not show: its steps link nothing.
import { offsetAt } from '../analyzers/dockerfile/source.ts';
import { simpleCommands } from '../analyzers/dockerfile/query.ts';
import type { ShellWord } from '../analyzers/dockerfile/types.ts';
import type { Job, Step } from '../analyzers/github-workflow/model.ts';
import { scalarSource } from '../analyzers/yaml/scalar-source.ts';
import { get, str, text } from '../analyzers/yaml/yaml-tree.ts';
import type { Positions, Str, YNode } from '../analyzers/yaml/yaml-tree.ts';
import { join, projectPath, REMOTE } from './paths.ts';
import type { GhaFile, WorkflowBuild, WorkflowBuildArg, WorkflowCall } from './types.ts';

/** The repository root a workflow's paths start from, as a project path ('.' for the top). */
export function workflowRoot(filename: string): string {
  const path = projectPath(filename);
  const m = /^(?:(.*)\/)?\.github\/workflows\/[^/]+$/.exec(path);
  if (m) return m[1] ?? '.';
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '.' : path.slice(0, slash);
}

/** A literal path: not from an expression, a variable or a remote location. */
function literal(value: string | undefined): value is string {
  return value !== undefined && value !== '' && value !== '-' && !value.includes('{{') && !value.includes('$') && !REMOTE.test(value);
}

const under = (dir: string, p: string) => projectPath(join(dir, p));

/** Whether a job's checkout puts another repository, or this one somewhere else, in the workspace. */
function checksOutElsewhere(job: Job): boolean {
  return job.steps.some((s) => {
    const ref = s.uses?.ref;
    if (ref?.kind !== 'repository' || ref.owner.toLowerCase() !== 'actions' || ref.repo.toLowerCase() !== 'checkout') return false;
    const repository = text(get(s.with, 'repository'));
    return text(get(s.with, 'path')) !== undefined || (repository !== undefined && !/^\$\{\{\s*github\.repository\s*\}\}$/.test(repository));
  });
}

/** The `working-directory` a run step starts in (the step's, the job's default, the workflow's), as a project path; undefined when not literal. */
function workingDirectory(root: string, rootNode: YNode | undefined, step: Step): string | undefined {
  const wd = text(get(step.node, 'working-directory'))
    ?? text(get(get(get(step.job?.node, 'defaults'), 'run'), 'working-directory'))
    ?? text(get(get(get(rootNode, 'defaults'), 'run'), 'working-directory'));
  if (wd === undefined) return root;
  return literal(wd) && !wd.startsWith('/') && !wd.startsWith('~') ? under(root, wd) : undefined;
}

/** `KEY=value` lines of a newline-separated list input (build-push-action's `build-args`), each key where it is written. */
function listArgs(s: Str, pos: Positions): WorkflowBuildArg[] {
  const src = scalarSource(s.node, pos);
  const out: WorkflowBuildArg[] = [];
  let at = 0;
  for (const line of src.text.split('\n')) {
    const m = /^(\s*)([A-Za-z_][A-Za-z0-9_.-]*)\s*(?:=|$)/.exec(line);
    if (m) {
      const a = at + m[1]!.length;
      const b = a + m[2]!.length;
      out.push({ key: m[2]!, range: pos.range(offsetAt(src, a), offsetAt(src, b - 1) + 1) });
    }
    at += line.length + 1;
  }
  return out;
}

function buildPushAction(file: GhaFile, root: string, step: Step, uses: Str): WorkflowBuild | undefined {
  const pos = file.parsed.doc.pos;
  const fileIn = str(get(step.with, 'file'));
  const context = str(get(step.with, 'context'));
  const target = str(get(step.with, 'target'));
  const buildArgs = str(get(step.with, 'build-args'));
  const build: WorkflowBuild = { workflow: file, step, via: 'docker/build-push-action', kind: 'dockerfile', at: (fileIn ?? context ?? uses).range, buildArgs: buildArgs ? listArgs(buildArgs, pos) : [] };
  if (target && literal(target.value)) build.target = { value: target.value, range: target.range };
  // `file` is relative to the workspace (or, with the default Git context, to the repository): the root either way.
  if (fileIn) {
    if (literal(fileIn.value) && !fileIn.value.startsWith('/')) build.path = under(root, fileIn.value);
  } else if (!context) build.path = under(root, 'Dockerfile');
  else if (literal(context.value) && !context.value.startsWith('/')) build.path = under(root, join(context.value, 'Dockerfile'));
  return build;
}

/** `docker build`'s options that take a value (the context is the one operand). */
const BUILD_VALUE_OPTIONS = new Set(['-f', '--file', '-t', '--tag', '--build-arg', '--target', '--label', '--platform', '--cache-from', '--cache-to', '--secret', '--ssh',
  '--network', '-o', '--output', '--progress', '--builder', '--iidfile', '--metadata-file', '--add-host', '--build-context', '--cgroup-parent', '--shm-size',
  '--ulimit', '--annotation', '--attest', '--allow', '--call', '-m', '--memory', '--memory-swap', '--cpu-shares', '--cpuset-cpus', '--cpuset-mems', '--isolation', '--cpu-period', '--cpu-quota']);
/** `docker compose`'s global options that take a value. */
const COMPOSE_VALUE_OPTIONS = new Set(['-f', '--file', '-p', '--project-name', '--env-file', '--profile', '--project-directory', '--ansi', '--progress', '--parallel']);

/** Splits `--opt=value` and `--opt value`; calls `on` for each option with its value word, answers the operands. */
function options(words: readonly ShellWord[], valued: ReadonlySet<string>, on: (name: string, value: string, word: ShellWord) => void, stopAtOperand = false): ShellWord[] | undefined {
  const operands: ShellWord[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const v = w.value;
    if (v.startsWith('--') && v.includes('=')) {
      const eq = v.indexOf('=');
      on(v.slice(0, eq), v.slice(eq + 1), w);
    } else if (v.startsWith('-') && v.length > 1) {
      if (valued.has(v)) {
        const next = words[i + 1];
        if (!next) return undefined;
        on(v, next.value, next);
        i++;
      } else if (v.startsWith('--') || !stopAtOperand) continue;
    } else {
      operands.push(w);
      if (stopAtOperand) return operands;
    }
  }
  return operands;
}

function dockerBuild(file: GhaFile, step: Step, cwd: string, words: readonly ShellWord[]): WorkflowBuild | undefined {
  let fileWord: ShellWord | undefined;
  let target: WorkflowBuild['target'];
  const buildArgs: WorkflowBuildArg[] = [];
  let dynamicOption = false;
  const operands = options(words, BUILD_VALUE_OPTIONS, (name, value, word) => {
    if (name === '-f' || name === '--file') fileWord = word;
    else if (name === '--target') target = word.dynamic || !literal(value) ? undefined : { value, range: word.range };
    else if (name === '--build-arg') {
      const key = /^[A-Za-z_][A-Za-z0-9_.-]*/.exec(value)?.[0];
      if (key && !(word.dynamic && value.slice(0, key.length + 1).includes('$'))) buildArgs.push({ key, range: word.range });
    }
    if (word.dynamic && (name === '-f' || name === '--file')) dynamicOption = true;
  });
  // One context operand, or the command is not one we read exactly (an unknown option taking a value, a variable).
  if (!operands || operands.length !== 1 || dynamicOption) return undefined;
  const context = operands[0]!;
  const build: WorkflowBuild = { workflow: file, step, via: 'docker build', kind: 'dockerfile', at: (fileWord ?? context).range, buildArgs };
  if (target !== undefined) build.target = target;
  if (fileWord) {
    if (literal(fileWord.value) && !fileWord.value.startsWith('/')) build.path = under(cwd, fileWord.value);
  } else if (literal(context.value) && !context.dynamic && !context.value.startsWith('/')) build.path = under(cwd, join(context.value, 'Dockerfile'));
  return build;
}

function composeFiles(file: GhaFile, step: Step, cwd: string, words: readonly ShellWord[]): WorkflowBuild[] {
  const out: WorkflowBuild[] = [];
  options(words, COMPOSE_VALUE_OPTIONS, (name, value, word) => {
    if ((name === '-f' || name === '--file') && literal(value) && !word.dynamic && !value.startsWith('/')) {
      out.push({ workflow: file, step, via: 'docker compose', kind: 'compose', at: word.range, buildArgs: [], path: under(cwd, value) });
    }
  }, true);
  return out;
}

function scriptBuilds(file: GhaFile, root: string, step: Step): WorkflowBuild[] {
  const script = step.run?.script;
  if (!script) return [];
  const cwd = workingDirectory(root, file.parsed.doc.root, step);
  if (cwd === undefined) return [];
  const out: WorkflowBuild[] = [];
  for (const c of simpleCommands(script)) {
    const [name, ...rest] = c.words;
    if (!name) continue;
    const values = rest.map((w) => w.value);
    if (name.value === 'docker-compose') out.push(...composeFiles(file, step, cwd, rest));
    if (name.value !== 'docker') continue;
    if (values[0] === 'compose') out.push(...composeFiles(file, step, cwd, rest.slice(1)));
    const at = values[0] === 'build' ? 1 : (values[0] === 'buildx' || values[0] === 'image') && values[1] === 'build' ? 2 : 0;
    if (at === 0) continue;
    const build = dockerBuild(file, step, cwd, rest.slice(at));
    if (build) out.push(build);
  }
  return out;
}

/** Every build a workflow's steps run, with the path of the file each reads (linked to no file yet). */
export function workflowBuilds(file: GhaFile): WorkflowBuild[] {
  if (file.fileType !== 'github-workflow') return [];
  const root = workflowRoot(file.filename);
  const out: WorkflowBuild[] = [];
  for (const job of file.parsed.doc.jobs) {
    if (checksOutElsewhere(job)) continue;
    for (const step of job.steps) {
      const uses = step.uses;
      if (uses?.ref.kind === 'repository' && uses.ref.owner.toLowerCase() === 'docker' && uses.ref.repo.toLowerCase() === 'build-push-action') {
        const b = buildPushAction(file, root, step, uses.str);
        if (b) out.push(b);
      }
      out.push(...scriptBuilds(file, root, step));
    }
  }
  return out;
}

/** Every job calling a reusable workflow of the same repository (`uses: ./.github/workflows/x.yml`). */
export function workflowCalls(file: GhaFile): WorkflowCall[] {
  if (file.fileType !== 'github-workflow') return [];
  const root = workflowRoot(file.filename);
  return file.parsed.doc.jobs.flatMap((job) => {
    const ref = job.uses?.ref;
    return ref?.kind === 'local' && literal(ref.path) ? [{ workflow: file, job, uses: job.uses!.str, path: under(root, ref.path) }] : [];
  });
}
