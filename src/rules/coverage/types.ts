// The coverage map's shapes: each peer linter, the commit its rule list was taken from, and every one of its rules
// with our decision. A rule is mapped when one of our rules names it in `equivalents` (derived, never written here);
// otherwise it carries `planned` (a gap to implement) or `notAdopted` (a deliberate no, with the reason).
export const PEER_TOOLS = ['hadolint', 'buildkit', 'trivy', 'checkov', 'kics', 'dclint', 'zizmor', 'actionlint'] as const;
export type PeerTool = (typeof PEER_TOOLS)[number];

/** Cases of a peer's own tests where we disagree on purpose (mapped rules only): the peers benchmark reports them
 * apart with the reason, and shows its figures both with and without them. */
export interface Disagreement {
  /** `verdict`: we judge the case otherwise (a positive we do not report, a negative we do); `placement`: we report
   * it on purpose at another line than the peer's. */
  kind: 'verdict' | 'placement';
  /** The cases, as the benchmark names them: the test file or spec line (`…/positive2.yaml`,
   * `test/Hadolint/Rule/DL3042Spec.hs:56`), with `@<line>` for one expected line of a file that has several, or a
   * folder of them (ending in `/`: a placement named so holds only within the instruction or block the peer points at). */
  cases: readonly string[];
  reason: string;
}

export interface PeerRule {
  /** The id the peer reports (`DL3007`, `StageNameCasing`, `DS-0001`, `CKV_DOCKER_7`, a KICS query id, `no-version-field`). */
  id: string;
  /** Other ids of the same rule that an `equivalents` entry may use (Trivy's older `DS001` for `DS-0001`). */
  aliases?: readonly string[];
  /** The peer's own title for it. */
  name: string;
  /** The file type, for peers that check several (KICS: `Dockerfile`, `Compose`). */
  group?: string;
  /** A gap to implement under issue #20: what is missing. */
  planned?: string;
  /** Deliberately not adopted: why. */
  notAdopted?: string;
  /** Our rules that may already do this check under another scope or message (planned rules only): the peers
   * benchmark measures them apart, so the rule work can decide whether declaring the equivalent is enough. */
  candidates?: readonly string[];
  /** Its test cases we deliberately judge or place otherwise, and why. */
  disagreements?: readonly Disagreement[];
  /** For a rule of ours that answers several peer rules with different messages (CGD000, the syntax errors): only its
   * findings whose message matches `pattern` (a regular expression) answer this peer rule. */
  scope?: { rule: string; pattern: string; why: string };
}

export interface Peer {
  tool: PeerTool;
  /** The name people know it by. */
  title: string;
  /** `owner/name` on GitHub. */
  repository: string;
  /** The commit the rule list (and the benchmark's cases) were taken from. */
  commit: string;
  /** Where in the repository the rule list is read from. */
  listSource: string;
  /** What the peers benchmark reads from a checkout. */
  casePaths: readonly string[];
  /** How the snapshot was obtained when not from the repository itself. */
  note?: string;
  rules: readonly PeerRule[];
}
