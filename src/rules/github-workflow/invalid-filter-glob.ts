// CGW032: a branch, tag or path filter of `on:` that is no valid filter pattern.
import { get } from '../../analyzers/yaml/yaml-tree.ts';
import type { GhaRule } from './support.ts';
import { WORKFLOW_SYNTAX } from './support.ts';

const FILTERS: Readonly<Record<string, readonly string[]>> = {
  push: ['branches', 'branches-ignore', 'tags', 'tags-ignore', 'paths', 'paths-ignore'],
  pull_request: ['branches', 'branches-ignore', 'paths', 'paths-ignore'],
  pull_request_target: ['branches', 'branches-ignore', 'paths', 'paths-ignore'],
  workflow_run: ['branches', 'branches-ignore'],
  image_version: ['versions'],
};

/** What a pattern filters: git ref names (branches, tags), repository paths, or other names (image versions). */
export type GlobKind = 'ref' | 'path' | 'name';

function kindOf(filter: string): GlobKind {
  return filter.startsWith('paths') ? 'path' : filter === 'versions' ? 'name' : 'ref';
}

/** The first defect of a filter pattern: a message id and the offending character, or undefined. */
export function globProblem(pattern: string, kind: GlobKind): { id: string; char: string } | undefined {
  const ref = kind === 'ref';
  if (pattern.trim() === '' || pattern === '!') return { id: 'empty', char: '' };
  const body = pattern.startsWith('!') ? pattern.slice(1) : pattern;
  if (body.startsWith('+')) return { id: 'plus', char: '+' };
  // Paths are compared with the repository's paths as they are: no leading or trailing space, no `.` or `..` segment.
  if (kind === 'path' && body !== body.trim()) return { id: 'spaces', char: '' };
  if (kind === 'path' && body.split('/').some((seg) => seg === '.' || seg === '..')) return { id: 'dot', char: '' };
  // Git forbids a ref name starting or ending with `/`.
  if (ref && (body.startsWith('/') || body.endsWith('/'))) return { id: 'ref', char: '/' };
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === '\\') {
      if (i === body.length - 1) return { id: 'escape', char: c };
      // In a ref pattern only the special characters are escaped; `\d` is no regular expression, it matches nothing.
      if (ref && !'[?+*\\!'.includes(body[i + 1]!)) return { id: 'regex', char: `\\${body[i + 1]}` };
      i++;
      continue;
    }
    if (c === '[') {
      const close = body.indexOf(']', i + 1);
      if (close < 0) return { id: 'bracket', char: c };
      const set = body.slice(i + 1, close);
      if (set === '') return { id: 'bracket', char: c };
      for (const m of set.matchAll(/(.)-(.)/g)) if (m[1]! > m[2]!) return { id: 'range', char: m[0] };
      i = close;
      continue;
    }
    // Characters git forbids in a ref name, so a branch or tag pattern holding one matches nothing.
    if (ref && (c === ' ' || c === '~' || c === '^' || c === ':')) return { id: 'ref', char: c };
  }
  return undefined;
}

export const rule: GhaRule = {
  meta: {
    id: 'CGW032',
    name: 'invalid-filter-glob',
    target: 'github-workflow',
    title: 'Invalid branch, tag or path filter pattern',
    description:
      'The `branches`, `tags` and `paths` filters of `on:` are glob patterns (`*`, `**`, `?`, `+`, `[…]`, a leading ' +
      '`!`). An unclosed `[`, a reversed range (`[9-0]`), an empty pattern, a `+` with nothing before it, or a branch ' +
      'or tag pattern with a character git forbids in ref names (space, `~`, `^`, `:`) either makes GitHub reject the ' +
      'workflow or matches nothing: the workflow silently never runs for the pushes it was written for. A bug that ' +
      'breaks the run: high.',
    severity: 'high',
    category: 'correctness',
    references: [`${WORKFLOW_SYNTAX}#filter-pattern-cheat-sheet`],
    remediation: 'Fix the pattern (close the bracket, order the range, escape a literal special character with `\\`), or remove it.',
    equivalents: ['actionlint:glob'],
    messages: {
      default: 'Filter pattern "{{pattern}}" in {{where}} is invalid.',
      empty: 'Filter pattern in {{where}} is empty: it matches nothing.',
      plus: 'Filter pattern "{{pattern}}" in {{where}} starts with "+", which repeats the character before it: there is none.',
      escape: 'Filter pattern "{{pattern}}" in {{where}} ends with an escape "\\" that escapes nothing.',
      regex: 'Filter pattern "{{pattern}}" in {{where}} has an escape "{{char}}" of no special character (patterns are globs, not regular expressions).',
      spaces: 'Filter pattern "{{pattern}}" in {{where}} starts or ends with white space, which no path does.',
      dot: 'Filter pattern "{{pattern}}" in {{where}} has a "." or ".." segment; paths are matched from the repository root without them.',
      bracket: 'Filter pattern "{{pattern}}" in {{where}} has an unclosed or empty "[".',
      range: 'Filter pattern "{{pattern}}" in {{where}} has the reversed range "{{char}}".',
      ref: 'Filter pattern "{{pattern}}" in {{where}} holds "{{char}}", which no branch or tag name can contain.',
    },
    examples: {
      bad: ['on:\n  push:\n    branches: [\'release/[0-9.*\']\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n'],
      good: ['on:\n  push:\n    branches: [\'release/[0-9]*\']\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n'],
    },
  },
  check(doc, report) {
    for (const t of doc.on) {
      const filters = FILTERS[t.name];
      if (!filters || t.config?.kind !== 'map') continue;
      for (const filter of filters) {
        const list = get(t.config, filter);
        const items = list?.kind === 'seq' ? list.items : list ? [list] : [];
        for (const n of items) {
          if (n.kind !== 'scalar' || n.value === null) continue;
          const pattern = String(n.value);
          if (pattern.includes('${{')) continue;
          const problem = globProblem(pattern, kindOf(filter));
          if (problem) report({ range: n.range, messageId: problem.id, data: { pattern, where: `on.${t.name}.${filter}`, char: problem.char } });
        }
      }
    }
    // A job's `snapshot.version` (a custom image's version) is a pattern too.
    for (const j of doc.jobs) {
      const n = get(get(j.node, 'snapshot'), 'version');
      if (n?.kind !== 'scalar' || n.value === null || String(n.value).includes('${{')) continue;
      const pattern = String(n.value);
      const problem = globProblem(pattern, 'name');
      if (problem) report({ range: n.range, messageId: problem.id, data: { pattern, where: `jobs.${j.id}.snapshot.version`, char: problem.char } });
    }
  },
};
