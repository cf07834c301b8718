// Fixes of the GitHub Actions rules (workflows and actions), each beside its finding in the rule; the edits are built
// here so the rule files stay small. Block-style YAML only (src/rules/yaml-fix.ts).
import type { SimpleCommand } from '../../analyzers/dockerfile/types.ts';
import type { GhaDoc, Job, PlacedExpression, Step } from '../../analyzers/github-workflow/model.ts';
import { get, getPair, text } from '../../analyzers/yaml/yaml-tree.ts';
import type { YNode, YSeq } from '../../analyzers/yaml/yaml-tree.ts';
import { lineStarts } from '../../core/fix.ts';
import type { Fix, FixSafety } from '../../core/fix.ts';
import { appendToMap, blockKeyColumn, deleteSeqItem, yamlFix } from '../yaml-fix.ts';

/** Adds `key: value` lines to a step's `key:` mapping, or the mapping itself when the step has none. */
function addToStepMap(doc: GhaDoc, step: Step, key: 'with' | 'env', lines: readonly string[]): [number, number, string] | undefined {
  const map = get(step.node, key);
  if (map?.kind === 'map') return appendToMap(doc.pos.text, map, lines);
  if (map !== undefined) return undefined;
  return appendToMap(doc.pos.text, step.node, [`${key}:`, ...lines.map((l) => `  ${l}`)]);
}

/** `persist-credentials: false` on the checkout: safe unless a later step of the job runs git (it may push with the
 * persisted token). */
export function persistCredentialsFix(doc: GhaDoc, checkout: Step): Fix | undefined {
  const existing = getPair(checkout.with, 'persist-credentials');
  if (existing) return undefined;
  const edit = addToStepMap(doc, checkout, 'with', ['persist-credentials: false']);
  if (!edit) return undefined;
  const later = (checkout.job?.steps ?? doc.steps).filter((s) => s.index > checkout.index);
  const git = later.some((s) => /\bgit\b|GITHUB_TOKEN|github\.token/.test(s.run?.str.value ?? '') || (s.uses !== undefined && !/^actions\/upload-artifact@/.test(s.uses.str.value)));
  return yamlFix(doc.pos.text, 'Do not persist the checkout token in .git/config.', [edit], git ? 'unsafe' : 'safe');
}

/** Whether the offset is inside single quotes of a POSIX script starting at `from` (a heredoc makes it unknown). */
function quoting(script: string): 'single' | 'double' | 'none' | undefined {
  if (script.includes('<<')) return undefined;
  let state: 'single' | 'double' | 'none' = 'none';
  for (let i = 0; i < script.length; i++) {
    const c = script[i];
    if (state === 'single') {
      if (c === "'") state = 'none';
    } else if (c === '\\') i++;
    else if (c === '"') state = state === 'double' ? 'none' : 'double';
    else if (c === "'" && state === 'none') state = 'single';
    else if (c === '#' && state === 'none' && (i === 0 || /\s/.test(script[i - 1]!))) return undefined;
  }
  return state;
}

/** An environment variable name for a context path: its last two segments, upper-cased. */
function envName(path: string): string {
  return path.split('.').slice(-2).join('_').toUpperCase().replace(/[^A-Z0-9_]/g, '_');
}

/** zizmor's template-injection fix: the `${{ path }}` in a bash `run: |` block, or in a one-line plain `run:` value,
 * becomes `${NAME}` (quoted when it was not), and the step gets `env: NAME: ${{ path }}`. Only for an expression that
 * is the path alone, outside single quotes, comments and heredocs; in a plain value not at its start (a value starting
 * with `"` would be read as a quoted YAML string). Quoted YAML values are left alone: their escapes would need
 * rewriting. */
export function injectionFix(doc: GhaDoc, e: PlacedExpression, path: string): Fix | undefined {
  const step = e.step;
  const run = step?.run;
  if (!step || !run?.script || e.expression.source.trim() !== path) return undefined;
  const t = doc.pos.text;
  const starts = lineStarts(t);
  const node = run.str.node;
  const block = t[node.start] === '|';
  if (!block && (node.quoted || node.range.start_line !== node.range.end_line)) return undefined;
  const start = starts[e.range.start_line - 1]! + e.range.start_column - 1;
  const end = starts[e.range.end_line - 1]! + e.range.end_column - 1;
  if (!/^\$\{\{[^}]*\}\}$/.test(t.slice(start, end)) || (!block && start === node.start)) return undefined;
  const bodyStart = block ? t.indexOf('\n', node.start) + 1 : node.start;
  const state = quoting(t.slice(bodyStart, start));
  if (state === undefined || state === 'single') return undefined;
  const name = envName(path);
  const existing = get(step.env, name);
  const replacement = state === 'double' ? `\${${name}}` : `"\${${name}}"`;
  if (existing) return text(existing) === `\${{ ${path} }}` ? yamlFix(t, `Read ${path} from the environment variable ${name}.`, [[start, end, replacement]]) : undefined;
  const add = addToStepMap(doc, step, 'env', [`${name}: \${{ ${path} }}`]);
  if (!add) return undefined;
  return yamlFix(t, `Pass ${path} through the environment variable ${name}.`, [[start, end, replacement], add]);
}

const FILE_OF: Record<string, string> = { 'set-output': 'GITHUB_OUTPUT', 'save-state': 'GITHUB_STATE', 'set-env': 'GITHUB_ENV', 'add-path': 'GITHUB_PATH' };

/** `echo "::set-output name=x::v"` → `echo "x=v" >> "$GITHUB_OUTPUT"` (save-state, set-env and add-path alike: the
 * last two were disabled, so fixing them makes the step do what it meant: unsafe). One `echo` with one word, no
 * redirection, written as the script reads it. */
export function workflowCommandFix(doc: GhaDoc, c: SimpleCommand, command: string): Fix | undefined {
  if (c.words.length !== 2 || c.redirects.length > 0 || c.words[0]!.value !== 'echo') return undefined;
  const w = c.words[1]!;
  const t = doc.pos.text;
  if (t.slice(w.start, w.end) !== w.raw) return undefined;
  const m = command === 'add-path' ? /::add-path::/.exec(w.raw) : new RegExp(`::${command} name=([A-Za-z0-9_-]+)::`).exec(w.raw);
  if (!m || !w.raw.startsWith(m[0]) && !/^["']$/.test(w.raw.slice(0, m.index))) return undefined;
  const raw = w.raw.slice(0, m.index) + (command === 'add-path' ? '' : `${m[1]}=`) + w.raw.slice(m.index + m[0].length);
  const safety: FixSafety = command === 'set-output' || command === 'save-state' ? 'safe' : 'unsafe';
  return yamlFix(t, `Write to $${FILE_OF[command]} instead of ::${command}.`, [[w.start, w.end, `${raw} >> "$${FILE_OF[command]}"`]], safety);
}

/** A top-level `permissions:` before `jobs:`: `{}` (safe) when no job without its own permissions uses the token —
 * no action, no reusable workflow, no token in a script —, else `contents: read` (unsafe: a job may need more). */
export function permissionsFix(doc: GhaDoc, jobs: readonly Job[]): Fix | undefined {
  const t = doc.pos.text;
  const jobsPair = getPair(doc.root, 'jobs');
  if (!jobsPair || blockKeyColumn(t, jobsPair.keyNode.start) !== 0) return undefined;
  const usesToken = jobs.some((j) => j.uses || j.steps.some((s) => s.uses || /GITHUB_TOKEN|github\.token|\bgh\b/.test(s.run?.str.value ?? '')));
  const at = jobsPair.keyNode.start;
  return usesToken
    ? yamlFix(t, 'Limit the token to reading the repository (jobs that need more declare it).', [[at, at, 'permissions:\n  contents: read\n']], 'unsafe')
    : yamlFix(t, 'Give the token no permissions: no job uses it.', [[at, at, 'permissions: {}\n']]);
}

/** A plain `uses:` value with `.`, `..` and empty path segments resolved. */
export function plainUsesFix(doc: GhaDoc, node: YNode, value: string): Fix | undefined {
  const t = doc.pos.text;
  if (node.kind !== 'scalar' || node.quoted || t.slice(node.start, node.end) !== value) return undefined;
  const at = value.indexOf('@');
  const [owner, repo, ...path] = value.slice(0, at === -1 ? value.length : at).split('/');
  const out: string[] = [];
  for (const s of path) {
    if (s === '' || s === '.') continue;
    if (s === '..') {
      if (out.length === 0) return undefined;
      out.pop();
    } else out.push(s);
  }
  const fixed = [owner, repo, ...out].join('/') + (at === -1 ? '' : value.slice(at));
  return yamlFix(t, 'Write the action path plainly.', [[node.start, node.end, fixed]]);
}

/** A constant `${{ 'x' }}` written as its value, when the value reads the same in the YAML scalar around it. */
export function constantFix(doc: GhaDoc, e: PlacedExpression, value: unknown): Fix | undefined {
  const s = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
  if (s === undefined || !/^[A-Za-z0-9_./@+-]+$/.test(s)) return undefined;
  const t = doc.pos.text;
  const starts = lineStarts(t);
  const start = starts[e.range.start_line - 1]! + e.range.start_column - 1;
  const end = starts[e.range.end_line - 1]! + e.range.end_column - 1;
  if (!/^\$\{\{[^}]*\}\}$/.test(t.slice(start, end))) return undefined;
  // A value that would start the scalar must not change its type (`${{ 'true' }}` is a string, `true` a boolean).
  if (start === e.node.start && !/^[A-Za-z_./]/.test(s) || /^(true|false|null|yes|no|on|off)$/i.test(s) && start === e.node.start) return undefined;
  return yamlFix(t, 'Write the constant itself.', [[start, end, s]]);
}

/** Deletes a duplicate item of a sequence: its line in block style, `, item` in flow style. */
export function deleteSeqItemFix(doc: GhaDoc, seq: YSeq, item: YNode): Fix | undefined {
  const del = deleteSeqItem(doc.pos.text, seq, item);
  return del ? yamlFix(doc.pos.text, 'Remove the duplicate value.', [del]) : undefined;
}
