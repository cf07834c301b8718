// Digests of what the service answers for every file we own: the fixtures (test/fixtures/{dockerfile,compose,project}),
// every rule's good and bad examples, the rule catalogue and its pages. Each case sends its requests through the real
// app (HTTP routes, analysis threads, JSON and SARIF formatters, the analyzer page's form) and keeps one sha256 of the
// answers' statuses and bytes, request ids blanked. test/report-snapshots.test.ts recomputes them and compares with
// test/snapshots/reports.json; `npm run snapshots:update` rewrites that file after an intended change (scoring,
// severities, messages), and the diff then names every case that changed.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ALL_RULES } from '../../src/analysis/catalogue.ts';
import { FILE_TYPES } from '../../src/analysis/file-types/index.ts';
import { singleFileExample } from '../../src/core/rule.ts';
import type { ExampleFile } from '../../src/core/rule.ts';
import { startTestApp } from './app.ts';

export const SNAPSHOT_FILE = new URL('../snapshots/reports.json', import.meta.url);

interface File {
  filename: string;
  content: string;
  /** The request's rule configuration (an example with options). */
  rules?: unknown;
}

interface Request {
  method: 'GET' | 'POST';
  url: string;
  json?: unknown;
  form?: string;
}

/** A name and the requests whose answers it digests. */
interface Case {
  name: string;
  requests: Request[];
}

const fixtures = new URL('../fixtures/', import.meta.url).pathname;

function filesUnder(root: string): File[] {
  const walk = (dir: string): string[] => readdirSync(dir).sort().flatMap((f) => (statSync(path.join(dir, f)).isDirectory() ? walk(path.join(dir, f)) : [path.join(dir, f)]));
  return walk(root).map((f) => ({ filename: path.relative(root, f).split(path.sep).join('/'), content: readFileSync(f, 'utf8') }));
}

/** The name an example of a rule of a file type is analyzed under: the type's first conventional name or place. */
const EXAMPLE_NAME = new Map(FILE_TYPES.map((t) => [t.id as string, (t.names[0] ?? t.paths[0]!).replaceAll('*', 'x')]));

const file = (f: File, fileType: string): Request[] => [
  { method: 'POST', url: '/api/analyze', json: { ...f, file_type: fileType } },
  { method: 'POST', url: '/api/analyze?format=sarif', json: { ...f, file_type: fileType } },
];
const project = (files: File[]): Request[] => [
  { method: 'POST', url: '/api/analyze-project', json: { files } },
  { method: 'POST', url: '/api/analyze-project?format=sarif', json: { files } },
];
/** The analyzer page's form without JavaScript: repeated filename/content fields, the first file's type. */
const form = (files: File[], fileType = 'auto'): Request => ({
  method: 'POST',
  url: '/analyze',
  form: new URLSearchParams([['file_type', fileType], ...files.flatMap((f): [string, string][] => [['filename', f.filename], ['content', f.content]])]).toString(),
});

export function snapshotCases(): Case[] {
  const cases: Case[] = [];
  for (const type of FILE_TYPES.map((t) => t.id).filter((id) => existsSync(path.join(fixtures, id)))) {
    for (const f of filesUnder(path.join(fixtures, type))) {
      // Detected by name, then by content alone (a name no type claims), then the page's rendering.
      const byContent = { filename: 'input', content: f.content };
      cases.push({ name: `fixture ${type}/${f.filename}`, requests: [...file(f, 'auto'), ...file(byContent, 'auto'), form([f])] });
    }
  }
  for (const name of readdirSync(path.join(fixtures, 'project')).sort()) {
    const files = filesUnder(path.join(fixtures, 'project', name));
    cases.push({ name: `fixture project/${name}`, requests: [...project(files), form(files)] });
  }
  for (const m of ALL_RULES) {
    if (m.target === 'scan') continue;
    for (const kind of ['bad', 'good'] as const) {
      m.examples[kind].forEach((example, i) => {
        const ex = singleFileExample(example);
        // An example with options sends them as a request does (`rules.options.<rule>`).
        const rules = ex && Object.keys(ex.options).length ? { rules: { options: { [m.id]: ex.options } } } : {};
        const requests = ex
          ? [...file({ filename: EXAMPLE_NAME.get(m.target)!, content: ex.content, ...rules }, m.target), ...file({ filename: 'input', content: ex.content, ...rules }, 'auto')]
          : project(example as ExampleFile[]);
        cases.push({ name: `${m.id} ${kind} ${i}`, requests });
      });
    }
  }
  for (const m of ALL_RULES) cases.push({ name: `${m.id} catalogue`, requests: [{ method: 'GET', url: `/api/rules/${m.id}` }, { method: 'GET', url: `/rules/${m.id}` }] });
  for (const url of ['/api/rules', '/api/file-types', '/rules', '/']) cases.push({ name: `GET ${url}`, requests: [{ method: 'GET', url }] });
  return cases;
}

/** Request ids are random; everything else an answer holds is a function of the request. */
const blankIds = (body: string) => body.replace(/req_[0-9a-f]{16}/g, 'req_0000000000000000');

/** Every case's digest (the first 16 hex digits of a sha256: plenty to tell a change), by case name. */
export async function computeSnapshots(): Promise<Record<string, string>> {
  const t = await startTestApp({ PUBLIC_RATE_LIMIT: '100000/m' });
  try {
    const out: Record<string, string> = {};
    for (const c of snapshotCases()) {
      if (c.name in out) throw new Error(`two snapshot cases are named ${c.name}`);
      const hash = createHash('sha256');
      for (const r of c.requests) {
        const res = await t.app.inject({
          method: r.method,
          url: r.url,
          ...(r.json === undefined ? {} : { payload: r.json as object }),
          ...(r.form === undefined ? {} : { payload: r.form, headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
        });
        hash.update(`${r.method} ${r.url} ${res.statusCode} ${res.headers['content-type']}\n${blankIds(res.body)}\n`);
      }
      out[c.name] = hash.digest('hex').slice(0, 16);
    }
    return out;
  } finally {
    await t.close();
  }
}

export function readSnapshots(): Record<string, string> {
  return (JSON.parse(readFileSync(SNAPSHOT_FILE, 'utf8')) as { cases: Record<string, string> }).cases;
}

export function snapshotFileText(cases: Record<string, string>): string {
  const about = 'sha256 (first 16 hex digits) of the service\'s answers per case: test/support/report-snapshots.ts. Regenerate with `npm run snapshots:update` after an intended change.';
  return `${JSON.stringify({ about, cases }, null, 1)}\n`;
}
