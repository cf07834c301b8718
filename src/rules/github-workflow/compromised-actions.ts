// Known-compromised action versions: a dated, versioned offline table (no network at analysis time). Each entry is
// a published advisory; what it names is reported critical by CGW006 and CGA005. Update the version and the date
// with every change, and cite the advisory.

/** The table's version, as the rule's docs show it. */
export const COMPROMISED_ACTIONS_VERSION = '2025-03-20';

export interface CompromisedAction {
  /** `owner/repo`, lower case. */
  slug: string;
  advisory: string;
  /** When the malicious code was served. */
  when: string;
  /** Commits that held the malicious code. */
  commits: readonly string[];
  /** Version tags the advisory lists as affected: below this version (`v45.0.7` and older). */
  tagsBelow?: string;
}

export const COMPROMISED_ACTIONS: readonly CompromisedAction[] = [
  {
    slug: 'tj-actions/changed-files',
    advisory: 'GHSA-mrrh-fwg8-r2c3 (CVE-2025-30066)',
    when: '2025-03-14/15',
    commits: ['0e58ed8671d6b60d0890c21b07f8835ace038e67'],
    tagsBelow: '46.0.1',
  },
  {
    slug: 'reviewdog/action-setup',
    advisory: 'GHSA-qmg3-hpqr-gqvc (CVE-2025-30154)',
    when: '2025-03-11',
    // Its `v1` tag pointed at this commit for about two hours and was restored; actions that call it at `v1`
    // (reviewdog/action-shellcheck, -staticcheck, -ast-grep, -typos, -composite-template) ran it then.
    commits: ['f0d342d24037bb11d26b9bd8496e0808ba32e9ec'],
  },
];

/** Numeric parts of a version tag (`v45.0.7` → [45, 0, 7]); undefined for anything else. */
function versionOf(tag: string): number[] | undefined {
  const m = /^v?(\d+(?:\.\d+)*)$/i.exec(tag);
  return m ? m[1]!.split('.').map(Number) : undefined;
}

/** Whether a tag is below a version. A partial tag floats to its latest release (`v46` is the newest 46.x), so only
 * its own parts are compared: `v45` is below 46.0.1, `v46` is not. */
function below(tag: number[], version: number[]): boolean {
  for (let i = 0; i < tag.length; i++) {
    const v = version[i] ?? 0;
    if (tag[i] !== v) return tag[i]! < v;
  }
  return false;
}

/** The entry naming this action at this ref, and how: a malicious commit, or an affected tag. */
export function compromised(slug: string, ref: string | undefined): { entry: CompromisedAction; how: 'commit' | 'tag' } | undefined {
  if (ref === undefined) return undefined;
  for (const entry of COMPROMISED_ACTIONS) {
    if (entry.slug !== slug) continue;
    if (entry.commits.includes(ref.toLowerCase())) return { entry, how: 'commit' };
    const v = versionOf(ref);
    if (v && entry.tagsBelow !== undefined && below(v, versionOf(entry.tagsBelow)!)) return { entry, how: 'tag' };
  }
  return undefined;
}
