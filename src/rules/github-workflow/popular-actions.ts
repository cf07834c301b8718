// The most-used actions' inputs and retired major versions: a dated offline table (no network at analysis time),
// read from each action's action.yml at the majors listed. Bump the date with any change; an action's inputs are
// checked only at the majors listed, since majors add and drop inputs.
import type { GhaDoc } from '../../analyzers/github-workflow/model.ts';
import type { Str } from '../../analyzers/yaml/yaml-tree.ts';

export const POPULAR_ACTIONS_AS_OF = '2026-11';

export interface PopularAction {
  /** The majors whose inputs `inputs` lists. */
  majors: readonly number[];
  inputs: readonly string[];
  /** Inputs the action fails without (required, no default). */
  required: readonly string[];
  /** Majors below this one are retired. */
  retiredBelow?: number;
  /** Why they are retired; `fails`: the step fails (a service they call was shut down), else they run on a
   * retired Node.js runtime, which GitHub forces onto a newer one or refuses. */
  retired?: { why: string; fails: boolean };
}

const NODE16 = { why: 'it runs on Node.js 16 or older, which GitHub\'s runners retired', fails: false };

export const POPULAR_ACTIONS: Readonly<Record<string, PopularAction>> = {
  'actions/checkout': {
    majors: [4, 5, 6],
    inputs: ['repository', 'ref', 'token', 'ssh-key', 'ssh-known-hosts', 'ssh-strict', 'ssh-user', 'persist-credentials', 'path', 'clean', 'filter', 'sparse-checkout', 'sparse-checkout-cone-mode', 'fetch-depth', 'fetch-tags', 'show-progress', 'lfs', 'submodules', 'set-safe-directory', 'github-server-url'],
    required: [],
    retiredBelow: 4,
    retired: NODE16,
  },
  'actions/setup-node': {
    majors: [4, 5, 6],
    inputs: ['always-auth', 'node-version', 'node-version-file', 'architecture', 'check-latest', 'registry-url', 'scope', 'token', 'cache', 'package-manager-cache', 'cache-dependency-path', 'mirror', 'mirror-token'],
    required: [],
    retiredBelow: 4,
    retired: NODE16,
  },
  'actions/setup-python': {
    majors: [5, 6],
    inputs: ['python-version', 'python-version-file', 'cache', 'architecture', 'check-latest', 'token', 'cache-dependency-path', 'update-environment', 'allow-prereleases', 'freethreaded', 'pip-version', 'pip-install'],
    required: [],
    retiredBelow: 5,
    retired: NODE16,
  },
  'actions/setup-go': {
    majors: [5, 6],
    inputs: ['go-version', 'go-version-file', 'check-latest', 'token', 'cache', 'cache-dependency-path', 'architecture'],
    required: [],
    retiredBelow: 4,
    retired: NODE16,
  },
  'actions/setup-java': {
    majors: [4, 5],
    inputs: ['java-version', 'java-version-file', 'distribution', 'java-package', 'architecture', 'jdkfile', 'check-latest', 'server-id', 'server-username', 'server-password', 'settings-path', 'overwrite-settings', 'gpg-private-key', 'gpg-passphrase', 'cache', 'cache-dependency-path', 'job-status', 'token', 'mvn-toolchain-id', 'mvn-toolchain-vendor'],
    required: ['distribution'],
    retiredBelow: 4,
    retired: NODE16,
  },
  'actions/stale': {
    // Inputs not listed: only the retired majors (v8 and older run on Node.js 16 or 12) are checked.
    majors: [],
    inputs: [],
    required: [],
    retiredBelow: 9,
    retired: NODE16,
  },
  'actions/cache': {
    majors: [4],
    inputs: ['path', 'key', 'restore-keys', 'upload-chunk-size', 'enablecrossosarchive', 'fail-on-cache-miss', 'lookup-only', 'save-always'],
    required: ['path', 'key'],
    retiredBelow: 3,
    retired: { why: 'the cache service it calls was shut down on 2025-03-01', fails: true },
  },
  'actions/upload-artifact': {
    majors: [4, 5],
    inputs: ['name', 'path', 'if-no-files-found', 'retention-days', 'compression-level', 'overwrite', 'include-hidden-files'],
    required: ['path'],
    retiredBelow: 4,
    retired: { why: 'GitHub retired artifact actions v3 and older on 2025-01-30', fails: true },
  },
  'actions/download-artifact': {
    majors: [4, 5],
    inputs: ['name', 'path', 'pattern', 'merge-multiple', 'github-token', 'repository', 'run-id', 'artifact-ids'],
    required: [],
    retiredBelow: 4,
    retired: { why: 'GitHub retired artifact actions v3 and older on 2025-01-30', fails: true },
  },
  'actions/github-script': {
    majors: [7, 8],
    inputs: ['script', 'github-token', 'debug', 'user-agent', 'previews', 'result-encoding', 'retries', 'retry-exempt-status-codes', 'base-url'],
    required: ['script'],
    retiredBelow: 7,
    retired: NODE16,
  },
  'docker/login-action': {
    majors: [3],
    inputs: ['registry', 'username', 'password', 'ecr', 'logout', 'scope'],
    required: [],
    retiredBelow: 3,
    retired: NODE16,
  },
  'docker/build-push-action': { majors: [], inputs: [], required: [], retiredBelow: 5, retired: NODE16 },
  'docker/setup-buildx-action': { majors: [], inputs: [], required: [], retiredBelow: 3, retired: NODE16 },
  'docker/setup-qemu-action': { majors: [], inputs: [], required: [], retiredBelow: 3, retired: NODE16 },
  'docker/metadata-action': { majors: [], inputs: [], required: [], retiredBelow: 5, retired: NODE16 },
  'github/codeql-action': { majors: [], inputs: [], required: [], retiredBelow: 3, retired: { why: 'CodeQL Action v2 and older are retired and no longer updated for new CodeQL versions', fails: false } },
};

/**
 * The major version a `uses:` runs: from a version ref (`@v4`, `@v4.2.1`), else from the version comment that a
 * SHA pin carries on its line (`@<sha> # v4.2.1`, as Dependabot and Renovate write it); undefined when neither says.
 */
export function majorOf(doc: GhaDoc, str: Str, ref: string | undefined): number | undefined {
  const tag = ref === undefined ? undefined : /^v?(\d+)(?:\.\d+)*$/i.exec(ref);
  if (tag) return Number(tag[1]);
  const lineEnd = doc.pos.text.indexOf('\n', str.node.end);
  const rest = doc.pos.text.slice(str.node.end, lineEnd < 0 ? undefined : lineEnd);
  const comment = /^\s*#\s*(?:tag=)?v?(\d+)(?:\.\d+)*\b/.exec(rest);
  return comment ? Number(comment[1]) : undefined;
}
