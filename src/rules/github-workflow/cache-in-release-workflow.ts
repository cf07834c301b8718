// CGW033: a build cache restored in a workflow that publishes releases (cache poisoning).
import { slug } from '../../analyzers/github-workflow/uses.ts';
import type { Step } from '../../analyzers/github-workflow/model.ts';
import { get, text } from '../../analyzers/yaml/yaml-tree.ts';
import type { YNode } from '../../analyzers/yaml/yaml-tree.ts';
import type { GhaRule } from './support.ts';
import { ghDocs } from './support.ts';

/** Actions that publish a release or a package: their presence makes any workflow a release workflow. */
const PUBLISHERS = ['pypa/gh-action-pypi-publish', 'softprops/action-gh-release', 'goreleaser/goreleaser-action', 'ncipollo/release-action', 'actions/create-release', 'rubygems/release-gem', 'changesets/action'];

/** Whether an input value turns caching on: set, not `false`, and — when releases are tag runs only — not an expression
 * that is false on tag runs (`${{ !startsWith(github.ref, 'refs/tags/') }}`: caching everywhere but in releases). */
const enables = (v: string | undefined, tagReleasesOnly: boolean) =>
  v !== undefined && v !== '' && v.toLowerCase() !== 'false' && !(tagReleasesOnly && /^\$\{\{\s*!.*(refs\/tags\/|ref_type\s*==\s*'tag')/s.test(v.trim()));

/** The major version a step's `uses:` names: its tag (`v5`, `v5.0.1`), else the version comment of a SHA pin
 * (`@<sha> # v5.0.0`) on the same line. */
function major(step: Step, text: string): number | undefined {
  const ref = step.uses?.ref;
  if (ref?.kind !== 'repository') return undefined;
  const tag = /^v?(\d+)(\.|$)/.exec(ref.ref ?? '');
  if (tag) return Number(tag[1]);
  const end = text.indexOf('\n', step.uses!.str.node.end);
  const comment = /^\s*#\s*(?:tag=)?v?(\d+)[.\s]/.exec(`${text.slice(step.uses!.str.node.end, end < 0 ? undefined : end)} `);
  return comment ? Number(comment[1]) : undefined;
}

/** Actions that always restore a cache of their own (no input turns it off). */
const ALWAYS_CACHING = ['swatinem/rust-cache', 'mozilla-actions/sccache-action'];

/** The caching a step turns on: the action and the input that does it, or undefined. */
function caching(step: Step, source: string, tagReleasesOnly: boolean): string | undefined {
  const ref = step.uses?.ref;
  if (ref?.kind !== 'repository') return undefined;
  const name = slug(ref);
  const input = (k: string) => text(get(step.with, k));
  const on = (v: string | undefined) => enables(v, tagReleasesOnly);
  if (name === 'actions/cache') return ref.path === '' || ref.path === 'restore' ? `actions/cache${ref.path ? '/restore' : ''}` : undefined;
  // rust-cache's `lookup-only: true` checks for an entry without restoring it.
  if (ALWAYS_CACHING.includes(name)) return name === 'swatinem/rust-cache' && input('lookup-only')?.toLowerCase() === 'true' ? undefined : name;
  // setup-node caches npm by default since v5 (when package.json names its packageManager) unless
  // `package-manager-cache: false`.
  if (name === 'actions/setup-node' && !on(input('cache'))) {
    const pm = input('package-manager-cache');
    if (pm !== undefined) return on(pm) ? `${name} with package-manager-cache: ${pm}` : undefined;
    const v = major(step, source);
    return v !== undefined && v >= 5 ? `${name} v${v} (caches npm by default)` : undefined;
  }
  if (['actions/setup-node', 'actions/setup-python', 'actions/setup-java'].includes(name)) return on(input('cache')) ? `${name} with cache: ${input('cache')}` : undefined;
  if (name === 'ramsey/composer-install') return on(input('ignore-cache')) ? undefined : `${name} (caches by default)`;
  if (name === 'pyo3/maturin-action' && on(input('sccache'))) return `${name} with sccache: ${input('sccache')}`;
  // setup-go caches by default since v4; `cache: false` turns it off.
  if (name === 'actions/setup-go') {
    const v = input('cache');
    if (v !== undefined) return on(v) ? `${name} with cache: ${v}` : undefined;
    return ref.ref && /^v[123](\.|$)/.test(ref.ref) ? undefined : `${name} (caches by default)`;
  }
  if (name === 'actions/setup-dotnet' && on(input('cache'))) return `${name} with cache: ${input('cache')}`;
  if (name === 'astral-sh/setup-uv') {
    // `enable-cache: auto` (the default) caches on GitHub-hosted runners before v10; a version not known may be one.
    const v = input('enable-cache');
    if (v === undefined || v.trim().toLowerCase() === 'auto') {
      const m = major(step, source);
      return m === undefined || m < 10 ? `${name}${m === undefined ? '' : ` v${m}`} (caches by default before v10)` : undefined;
    }
    return on(v) ? `${name} with enable-cache: ${v}` : undefined;
  }
  return undefined;
}

/** Whether a push's branch filter names release branches (`release`, `release/**`, `release-v2.0`). */
function releaseBranches(branches: YNode | undefined): boolean {
  const names = branches?.kind === 'seq' ? branches.items.map(text) : [text(branches)];
  return names.some((n) => n !== undefined && /^releases?([-/_.]|$)/i.test(n));
}

export const rule: GhaRule = {
  meta: {
    id: 'CGW033',
    name: 'cache-in-release-workflow',
    target: 'github-workflow',
    title: 'Build cache restored in a release workflow',
    description:
      'GitHub Actions caches are shared: a cache saved by any workflow run on the default branch is restored by ' +
      'every later run that asks for its key, including the one that builds and publishes a release. Code that ' +
      'can write a cache entry — an injection in a low-privilege workflow, a compromised build step — can plant ' +
      'a poisoned dependency or toolchain there, and the release ships it. A workflow is a release workflow when ' +
      'it runs on `release`, on pushed tags or release branches, or uses a publishing action. A real supply-chain risk that needs a ' +
      'first foothold to exploit: medium.',
    severity: 'medium',
    category: 'supply-chain',
    cwe: ['CWE-349'],
    references: [ghDocs('reference/workflows-and-actions/dependency-caching'), 'https://adnanthekhan.com/2024/05/06/the-monsters-in-your-build-cache-github-actions-cache-poisoning/'],
    remediation: 'Build releases without a restored cache: drop `actions/cache` and set `cache: false` (or leave `cache:` out) on setup actions in the release workflow; keep caching in CI workflows.',
    equivalents: ['zizmor:cache-poisoning'],
    messages: { default: 'Step restores a build cache ({{cache}}) in a workflow that publishes releases ({{why}}): a poisoned cache entry would ship in the release.' },
    examples: {
      bad: ['on:\n  push:\n    tags: [\'v*\']\npermissions: {}\njobs:\n  release:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/setup-node@v4\n        with:\n          cache: npm\n      - run: npm publish\n'],
      good: ['on:\n  push:\n    tags: [\'v*\']\npermissions: {}\njobs:\n  release:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/setup-node@v4\n      - run: npm publish\n'],
    },
  },
  check(doc, report) {
    let why: string | undefined;
    if (doc.on.some((t) => t.name === 'release')) why = 'on release';
    else if (doc.on.some((t) => t.name === 'push' && get(t.config, 'tags') !== undefined)) why = 'on pushed tags';
    else if (doc.on.some((t) => t.name === 'push' && releaseBranches(get(t.config, 'branches')))) why = 'on pushes to release branches';
    else {
      const publisher = doc.steps.find((s) => s.uses?.ref.kind === 'repository' && PUBLISHERS.includes(slug(s.uses.ref)));
      if (publisher?.uses?.ref.kind === 'repository') why = `uses ${slug(publisher.uses.ref)}`;
    }
    if (!why) return;
    // Releases are tag runs only when no release branch is pushed to: then an input off on tags keeps them clean.
    const tagReleasesOnly = !doc.on.some((t) => t.name === 'push' && releaseBranches(get(t.config, 'branches')));
    for (const step of doc.steps) {
      const cache = caching(step, doc.pos.text, tagReleasesOnly);
      if (cache && step.uses) report({ range: step.uses.str.range, data: { cache, why } });
    }
  },
};
