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

/** Reports every `uses:` of the tier, at its ref. */
export function reportTier(doc: GhaDoc, tier: PinTier, report: Reporter): void {
  for (const u of allUses(doc)) {
    if (u.ref.kind !== 'repository' || pinTier(u.ref) !== tier) continue;
    const what = `${isGitHubOwned(u.ref) ? 'GitHub-owned' : 'third-party'} ${u.ref.path.includes('.github/workflows/') ? 'reusable workflow' : 'action'}`;
    report({ range: refRange(u.str, doc), messageId: u.ref.ref === undefined ? 'noRef' : 'default', data: { uses: u.str.value.trim(), ref: u.ref.ref ?? '', what } });
  }
}
