// The calibration corpus's label file (corpus.json) and concept vocabulary (concepts.json): their types, where a
// labelled file lives in a materialised corpus, and a validation that needs no corpus (bench/calibration/README.md).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type Verdict = 'pass' | 'fail';
export type CorpusFileType = 'dockerfile' | 'compose' | 'github-workflow' | 'github-action';
export const CORPUS_FILE_TYPES: readonly CorpusFileType[] = ['dockerfile', 'compose', 'github-workflow', 'github-action'];

export interface MustFind {
  line: number;
  concept: string;
}

export interface FileLabel {
  repo: string;
  commit: string;
  /** The file's path in its repository. */
  path: string;
  sha256: string;
  type: CorpusFileType;
  verdict: Verdict;
  reason: string;
  must_find: MustFind[];
}

export interface ProjectMustFind extends MustFind {
  /** One of the project's `files`. */
  file: string;
}

export interface ProjectLabel {
  name: string;
  repo: string;
  /** The project's directory in the repository; `files` are relative to it, as a project submission names them. */
  root: string;
  files: string[];
  verdict: Verdict;
  reason: string;
  must_find: ProjectMustFind[];
}

export interface Corpus {
  about: string;
  version: number;
  repositories: { repo: string; commit: string }[];
  files: FileLabel[];
  projects: ProjectLabel[];
}

export interface Concepts {
  concepts: Record<string, { description: string; rules: string[] }>;
}

const here = path.dirname(fileURLToPath(import.meta.url));

export function loadCorpus(file = path.join(here, 'corpus.json')): Corpus {
  return JSON.parse(readFileSync(file, 'utf8')) as Corpus;
}

export function loadConcepts(file = path.join(here, 'concepts.json')): Concepts {
  return JSON.parse(readFileSync(file, 'utf8')) as Concepts;
}

/** `owner+name`: a repository's directory in a materialised corpus (and in the `fetch` tool's mirror). */
export function repoDir(repo: string): string {
  return repo.replace('/', '+');
}

/** Where a labelled file lives under a materialised corpus's root. */
export function corpusPath(root: string, file: Pick<FileLabel, 'repo' | 'path'>): string {
  return path.join(root, repoDir(file.repo), file.path);
}

/** The repository path of a project's member (`root` joined with the submitted name). */
export function memberPath(project: Pick<ProjectLabel, 'root'>, file: string): string {
  return path.posix.normalize(path.posix.join(project.root, file));
}

/** The file labels by `repo:path`. */
export function labelIndex(corpus: Pick<Corpus, 'files'>): Map<string, FileLabel> {
  return new Map(corpus.files.map((f) => [`${f.repo}:${f.path}`, f]));
}

/** The rule ids that count as finding each concept. */
export function conceptRules(concepts: Concepts): Map<string, ReadonlySet<string>> {
  return new Map(Object.entries(concepts.concepts).map(([name, c]) => [name, new Set(c.rules)]));
}

/** The API's per-project limit: a labelled project must be analysable in one request. */
const MAX_PROJECT_FILES = 10;

function mustFindProblems(where: string, verdict: Verdict, must: readonly MustFind[], concepts: Concepts, lines?: number): string[] {
  const problems: string[] = [];
  if ((verdict === 'fail') !== must.length > 0) problems.push(`${where}: a "fail" label needs at least one must-find and a "pass" label none`);
  const seen = new Set<string>();
  for (const m of must) {
    if (!Number.isInteger(m.line) || m.line < 1 || (lines !== undefined && m.line > lines)) problems.push(`${where}: must-find line ${m.line} is not a line of the file`);
    if (!(m.concept in concepts.concepts)) problems.push(`${where}: unknown concept "${m.concept}"`);
    const key = `${'file' in m ? `${String(m.file)}:` : ''}${m.line}:${m.concept}`;
    if (seen.has(key)) problems.push(`${where}: must-find ${key} repeated`);
    seen.add(key);
  }
  return problems;
}

/**
 * Everything wrong with the labels, as messages naming the entry (empty when valid). `lineCount` gives a file's
 * number of lines when the corpus is at hand, so must-find lines are checked against the file too.
 */
export function corpusProblems(corpus: Corpus, concepts: Concepts, ruleIds: ReadonlySet<string>, lineCount?: (file: FileLabel) => number): string[] {
  const problems: string[] = [];
  for (const [name, c] of Object.entries(concepts.concepts)) {
    if (!c.description.trim()) problems.push(`concept ${name}: no description`);
    for (const id of c.rules) if (!ruleIds.has(id)) problems.push(`concept ${name}: unknown rule id ${id}`);
  }
  const commits = new Map<string, string>();
  for (const r of corpus.repositories) {
    if (commits.has(r.repo)) problems.push(`repository ${r.repo} listed twice`);
    if (!/^[0-9a-f]{40}$/.test(r.commit)) problems.push(`repository ${r.repo}: commit "${r.commit}" is not a full sha`);
    commits.set(r.repo, r.commit);
  }
  const index = labelIndex(corpus);
  if (index.size !== corpus.files.length) problems.push('a repository path is labelled twice');
  for (const f of corpus.files) {
    const where = `${f.repo}:${f.path}`;
    if (commits.get(f.repo) !== f.commit) problems.push(`${where}: commit differs from the repository's`);
    if (!/^[0-9a-f]{64}$/.test(f.sha256)) problems.push(`${where}: sha256 is not 64 hex digits`);
    if (!CORPUS_FILE_TYPES.includes(f.type)) problems.push(`${where}: unknown type "${String(f.type)}"`);
    if (f.verdict !== 'pass' && f.verdict !== 'fail') problems.push(`${where}: verdict must be pass or fail`);
    if (!f.reason.trim()) problems.push(`${where}: no reason`);
    problems.push(...mustFindProblems(where, f.verdict, f.must_find, concepts, lineCount?.(f)));
  }
  const names = new Set<string>();
  for (const p of corpus.projects) {
    const where = `project ${p.name}`;
    if (names.has(p.name)) problems.push(`${where}: name used twice`);
    names.add(p.name);
    if (!commits.has(p.repo)) problems.push(`${where}: repository ${p.repo} is not listed`);
    if (p.files.length === 0 || p.files.length > MAX_PROJECT_FILES) problems.push(`${where}: needs 1 to ${MAX_PROJECT_FILES} files`);
    if (new Set(p.files).size !== p.files.length) problems.push(`${where}: a file is listed twice`);
    if (!p.reason.trim()) problems.push(`${where}: no reason`);
    const members = new Map(p.files.map((f) => [f, index.get(`${p.repo}:${memberPath(p, f)}`)]));
    for (const [f, label] of members) if (!label) problems.push(`${where}: member ${f} is not a labelled file`);
    problems.push(...mustFindProblems(where, p.verdict, p.must_find, concepts));
    for (const m of p.must_find) {
      if (!members.has(m.file)) problems.push(`${where}: must-find file ${m.file} is not a member`);
      const label = members.get(m.file);
      if (label && lineCount && m.line > lineCount(label)) problems.push(`${where}: must-find line ${m.line} is not a line of ${m.file}`);
    }
  }
  return problems;
}
