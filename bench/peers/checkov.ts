// Checkov's cases: the example Dockerfiles of its check tests. A Python check's test (tests/dockerfile/checks/
// test_<Check>.py) names its passing and failing resources (`/failure/Dockerfile.USER`: a file and an
// instruction); a graph check's expected.yaml (tests/dockerfile/graph_builder/checks/resources/<Check>/) lists
// them as `pass:` and `fail:`. Checkov gives no lines, so a case is a file: positive when any of its resources
// fails, negative when all of them pass.
import path from 'node:path';
import { parse } from 'yaml';
import { filesUnder, read } from './checkouts.ts';
import type { Extraction } from './types.ts';

const CHECKS = 'checkov/dockerfile/checks';
const PY_TESTS = 'tests/dockerfile/checks';
const GRAPH_TESTS = 'tests/dockerfile/graph_builder/checks/resources';

/** The file of `files` a resource names: the longest path it starts with, followed by nothing or `.INSTRUCTION`. */
function fileOf(resource: string, files: readonly string[]): string | undefined {
  const r = resource.replace(/^\//, '');
  return files.filter((f) => r === f || r.startsWith(`${f}.`)).sort((a, b) => b.length - a.length)[0];
}

/** Quoted strings of a Python set or list literal assigned to `name`. */
function pythonStrings(source: string, name: string): string[] | undefined {
  const m = new RegExp(`\\b${name}\\s*=\\s*([[{])`).exec(source);
  if (!m) return undefined;
  const close = m[1] === '[' ? ']' : '}';
  const body = source.slice(m.index + m[0].length, source.indexOf(close, m.index + m[0].length));
  return [...body.matchAll(/"([^"]*)"|'([^']*)'/g)].map((s) => s[1] ?? s[2]!);
}

export function checkovCases(checkout: string): Extraction {
  const out: Extraction = { cases: [], unread: [] };
  const addFiles = (id: string, dir: string, pass: readonly string[], fail: readonly string[], where: string) => {
    const files = filesUnder(path.join(checkout, dir));
    const failing = new Set<string>();
    const passing = new Set<string>();
    for (const [list, into] of [[fail, failing], [pass, passing]] as const) {
      for (const resource of list) {
        const file = fileOf(resource, files);
        if (file) into.add(file);
        else out.unread.push({ where, why: `resource ${resource} names no file of ${dir}` });
      }
    }
    for (const file of new Set([...failing, ...passing])) {
      const expect = failing.has(file) ? 'positive' : 'negative';
      out.cases.push({ tool: 'checkov', rule: id, expect, fileType: 'dockerfile', content: read(path.join(checkout, dir, file)), where: `${dir}/${file}` });
    }
  };
  for (const test of filesUnder(path.join(checkout, PY_TESTS)).filter((f) => /^test_\w+\.py$/.test(f))) {
    const where = `${PY_TESTS}/${test}`;
    const source = read(path.join(checkout, where));
    const check = /from checkov\.dockerfile\.checks\.(\w+) import check/.exec(source)?.[1];
    const example = /"\/?(example_\w+)"/.exec(source)?.[1];
    // A test that expects nothing to pass names no passing set.
    const pass = pythonStrings(source, 'passing_resources') ?? [];
    const fail = pythonStrings(source, 'failing_resources');
    const id = check ? /\bid\s*=\s*"([^"]+)"/.exec(read(path.join(checkout, CHECKS, `${check}.py`)))?.[1] : undefined;
    if (!id || !example || !fail) {
      out.unread.push({ where, why: 'no check, example folder or failing resource set found' });
      continue;
    }
    addFiles(id, `${PY_TESTS}/${example}`, pass, fail, where);
  }
  for (const expected of filesUnder(path.join(checkout, GRAPH_TESTS)).filter((f) => /^\w+\/expected\.yaml$/.test(f))) {
    const name = expected.split('/')[0]!;
    const where = `${GRAPH_TESTS}/${expected}`;
    const meta = parse(read(path.join(checkout, CHECKS, 'graph_checks', `${name}.yaml`))) as { metadata?: { id?: string } };
    const lists = parse(read(path.join(checkout, where))) as { pass?: string[]; fail?: string[] };
    if (!meta.metadata?.id) {
      out.unread.push({ where, why: `no graph check ${name}` });
      continue;
    }
    addFiles(meta.metadata.id, `${GRAPH_TESTS}/${name}`, lists.pass ?? [], lists.fail ?? [], where);
  }
  return out;
}
