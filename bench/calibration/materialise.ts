// Writes the calibration corpus's files out of git repositories into a directory the calibration bench reads:
//   npx node bench/calibration/materialise.ts --from=<repositories> --out=<corpus>
// <repositories> holds one git repository per corpus repository, named <owner>+<name>: a bare mirror as the fetch
// tool leaves it (<owner>+<name>/repo), a clone (<owner>+<name>/.git) or a bare clone (<owner>+<name>). Each file
// is taken at its labelled commit and checked against its sha256; <corpus>/<owner>+<name>/<path> receives it.
// Exits 1, naming them, when files are missing or differ. bench/README.md ("calibration") has the whole recipe.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { optionValue } from '../options.ts';
import { corpusPath, loadCorpus, repoDir } from './corpus.ts';

function git(gitDir: string, args: string[]): Buffer {
  return execFileSync('git', ['--git-dir', gitDir, ...args], { maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] });
}

/** The git directory of a repository under `from` that holds `commit`, if any. */
function findGitDir(from: string, repo: string, commit: string): string | undefined {
  const base = path.join(from, repoDir(repo));
  for (const dir of [path.join(base, 'repo'), path.join(base, '.git'), base]) {
    if (!existsSync(dir)) continue;
    try {
      git(dir, ['cat-file', '-e', `${commit}^{commit}`]);
      return dir;
    } catch {
      // Not a git directory, or one without the commit: try the next layout.
    }
  }
  return undefined;
}

const from = optionValue('from');
const out = optionValue('out');
if (!from || !out) {
  console.error('usage: npx node bench/calibration/materialise.ts --from=<repositories> --out=<corpus>');
  process.exit(2);
}

const corpus = loadCorpus();
const gitDirs = new Map(corpus.repositories.map((r) => [r.repo, findGitDir(from, r.repo, r.commit)]));
const problems: string[] = [];
for (const [repo, dir] of gitDirs) if (!dir) problems.push(`${repo}: no git repository with commit ${corpus.repositories.find((r) => r.repo === repo)!.commit} under ${path.join(from, repoDir(repo))}`);
let written = 0;
for (const file of corpus.files) {
  const dir = gitDirs.get(file.repo);
  if (!dir) continue;
  let content: Buffer;
  try {
    content = git(dir, ['show', `${file.commit}:${file.path}`]);
  } catch {
    problems.push(`${file.repo}:${file.path}: not in commit ${file.commit}`);
    continue;
  }
  const sha = createHash('sha256').update(content).digest('hex');
  if (sha !== file.sha256) {
    problems.push(`${file.repo}:${file.path}: sha256 ${sha}, expected ${file.sha256}`);
    continue;
  }
  const target = corpusPath(out, file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, content);
  written++;
}
console.log(`${written} of ${corpus.files.length} files written to ${out}`);
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
