// How firmly a `uses:` reference pins the code it runs, in the tiers the pinning rules report (workflows here,
// actions in src/rules/github-action/): a full commit SHA is immutable; a tag can be moved by whoever controls the
// repository (tj-actions/changed-files, March 2025: every tag moved to a malicious commit); a branch moves with
// every push; no ref at all is refused by GitHub for remote actions.
import type { GhaDoc } from '../../analyzers/github-workflow/model.ts';
import { isCommitSha, isGitHubOwned, looksLikeTag } from '../../analyzers/github-workflow/uses.ts';
import type { UsesRef } from '../../analyzers/github-workflow/uses.ts';
import { subRange } from '../../analyzers/yaml/yaml-tree.ts';
import type { Str } from '../../analyzers/yaml/yaml-tree.ts';
import type { Reporter } from '../../core/rule.ts';
import type { Range } from '../../core/types.ts';
import { allUses } from './support.ts';

export type PinTier =
  /** An action or reusable workflow on a branch, or with no ref. */
  | 'unpinned'
  /** A third-party action on a version tag. */
  | 'tag'
  /** `actions/*` or `github/*` on a version tag. */
  | 'github-tag'
  /** A full commit SHA, a local action or a container image (images have rules of their own). */
  | 'pinned';

export function pinTier(ref: UsesRef): PinTier {
  if (ref.kind !== 'repository') return 'pinned';
  if (ref.ref === undefined) return 'unpinned';
  if (isCommitSha(ref.ref)) return 'pinned';
  if (!looksLikeTag(ref.ref)) return 'unpinned';
  return isGitHubOwned(ref) ? 'github-tag' : 'tag';
}

/** The `@ref` part of a `uses:` value when it is written verbatim, else the whole value. */
export function refRange(str: Str, doc: GhaDoc): Range {
  const at = str.value.lastIndexOf('@');
  return at < 0 ? str.range : subRange(str.node, doc.pos, at, str.value.length);
}

/**
 * Owners the workflow names as its own repository's (`github.repository_owner == 'x'`, `github.repository == 'x/y'`,
 * as jobs guard against running in forks), in lower case: the file does not otherwise say whose it is.
 */
export function ownersNamed(doc: GhaDoc): Set<string> {
  const owners = new Set<string>();
  for (const m of doc.pos.text.matchAll(/github\.repository_owner\s*==\s*'([A-Za-z0-9_.-]+)'|github\.repository\s*==\s*'([A-Za-z0-9_.-]+)\/[A-Za-z0-9_.-]+'/g)) owners.add((m[1] ?? m[2]!).toLowerCase());
  return owners;
}

/**
 * Reports every `uses:` of the tier, at its ref. `firstParty`: owners whose actions are the repository's own (GitHub's
 * are always); an unpinned first-party reference is reported at medium (the same trust as the repository itself).
 */
export function reportTier(doc: GhaDoc, tier: PinTier, report: Reporter, firstParty?: ReadonlySet<string>): void {
  for (const u of allUses(doc)) {
    if (u.ref.kind !== 'repository' || pinTier(u.ref) !== tier) continue;
    const own = firstParty?.has(u.ref.owner.toLowerCase()) ?? false;
    const what = `${isGitHubOwned(u.ref) ? 'GitHub-owned' : own ? 'first-party' : 'third-party'} ${u.ref.path.includes('.github/workflows/') ? 'reusable workflow' : 'action'}`;
    const lower = firstParty !== undefined && (own || isGitHubOwned(u.ref));
    report({ range: refRange(u.str, doc), messageId: u.ref.ref === undefined ? 'noRef' : 'default', data: { uses: u.str.value.trim(), ref: u.ref.ref ?? '', what }, ...(lower ? { severity: 'medium' as const } : {}) });
  }
}
