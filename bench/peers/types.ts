// One peer test case as the benchmark runs it through our analysis, and what reading a peer's tests produced.
import type { RuleOptionValue } from '../../src/core/rule.ts';
import type { PeerTool } from '../../src/rules/coverage/types.ts';

export type CaseFileType = 'dockerfile' | 'compose' | 'github-workflow' | 'github-action';

export interface PeerCase {
  tool: PeerTool;
  /** The peer rule the case tests (its id as in the coverage map). */
  rule: string;
  /** positive: the peer reports its rule here; negative: it does not. */
  expect: 'positive' | 'negative';
  fileType: CaseFileType;
  content: string;
  /** Where the case is in the peer's checkout: `path:line`, plus a variant (`onbuild`) when one source yields two. */
  where: string;
  /** The line the peer reports (BuildKit, KICS): a positive counts only when we report there. */
  line?: number;
  /** The last line of the span the peer reports (zizmor underlines one): a finding from `line` to here is at the
   * peer's location. */
  lineEnd?: number;
  /** The peer's non-default configuration the case needs (reported apart). */
  config?: string;
  /** That configuration as our `rules.options`, when ours has the equivalent: the case is analyzed with it (and
   * still reported apart). */
  options?: Readonly<Record<string, Readonly<Record<string, RuleOptionValue>>>>;
}

export interface Unread {
  where: string;
  why: string;
}

/** What reading one peer's tests produced: the cases, and the test sources it could not turn into cases. */
export interface Extraction {
  cases: PeerCase[];
  unread: Unread[];
}
