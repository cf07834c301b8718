// `uses:` references of steps and jobs: an action in a repository (`owner/repo[/path]@ref`), a reusable workflow
// (`owner/repo/.github/workflows/x.yml@ref`), a local path (`./path`, or `$/path` of the same repository) or a container image (`docker://image`).

export type UsesRef =
  | { kind: 'repository'; owner: string; repo: string; path: string; ref: string | undefined; raw: string }
  | { kind: 'local'; path: string; raw: string }
  | { kind: 'docker'; image: string; raw: string }
  | { kind: 'invalid'; raw: string };

const REPOSITORY = /^([A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?|[A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)((?:\/[^@\s]*)?)(?:@(\S*))?$/;

export function parseUses(raw: string): UsesRef {
  const s = raw.trim();
  if (s.startsWith('./') || s.startsWith('../') || s === '.') return { kind: 'local', path: s, raw };
  // The self-repository syntax (`$/path`, July 2026): the same repository's file at the workflow's commit.
  if (s.startsWith('$/')) return { kind: 'local', path: `.${s.slice(1)}`, raw };
  if (/^docker:\/\//i.test(s)) return { kind: 'docker', image: s.slice('docker://'.length), raw };
  const m = REPOSITORY.exec(s);
  if (!m) return { kind: 'invalid', raw };
  return { kind: 'repository', owner: m[1]!, repo: m[2]!, path: m[3]!.replace(/^\//, ''), ref: m[4] === undefined || m[4] === '' ? undefined : m[4], raw };
}

/** Where a reference keeps its slug once made: a symbol, not enumerable (the reference reads, compares and serialises
 * as before). Not a module-level map: that would keep every document's references alive (see `memo` in model.ts). */
const SLUG = Symbol('slug');

/** `owner/repo` in lower case: GitHub's names are case-insensitive. Made once per reference (a dozen rules ask). */
export function slug(ref: { owner: string; repo: string }): string {
  const cached = (ref as { [SLUG]?: string })[SLUG];
  if (cached !== undefined) return cached;
  const out = `${ref.owner}/${ref.repo}`.toLowerCase();
  if (Object.isExtensible(ref)) Object.defineProperty(ref, SLUG, { value: out });
  return out;
}

/** A full 40-hex commit SHA (a 64-hex SHA-256 object id too): the only immutable reference. */
export function isCommitSha(ref: string): boolean {
  // Most refs are tags and branches: only a 40- or 64-character one can be a SHA.
  return (ref.length === 40 || ref.length === 64) && /^[0-9a-f]{40}([0-9a-f]{24})?$/i.test(ref);
}

/**
 * `v4`, `v1.2.3`, `4.1`, `release-1.0`: reads as a version tag rather than a branch. A name with a slash
 * (`release/v1`, `releases/v2`) is a branch: the convention of GitHub's action template and of
 * pypa/gh-action-pypi-publish, whose maintainers move it.
 */
export function looksLikeTag(ref: string): boolean {
  return /^v?\d+(\.\d+)*([-+.][\w.-]+)?$/i.test(ref) || /^(release|version)-?v?\d[^/]*$/i.test(ref);
}

/** GitHub's own actions: `actions/*` and `github/*` (maintained by GitHub, under its security response). */
export function isGitHubOwned(ref: { owner: string }): boolean {
  const o = ref.owner.toLowerCase();
  return o === 'actions' || o === 'github';
}
