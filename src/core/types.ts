// The v1 analysis contract: the shapes every producer (analyzers, project analysis, domain scans) and every
// consumer (HTTP API, SARIF, CLI) share. Pure data; no behaviour lives here.
import type { Fix } from './fix.ts';

export const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
export type Severity = (typeof SEVERITIES)[number];
export type ReportSeverity = Severity | 'none';

export const CATEGORIES = [
  'security',
  'supply-chain',
  'secrets',
  'reliability',
  'maintainability',
  'performance',
  'best-practice',
  'correctness',
  'syntax',
] as const;
export type Category = (typeof CATEGORIES)[number];

export const GRADES = ['A+', 'A', 'B', 'C', 'D', 'F'] as const;
export type Grade = (typeof GRADES)[number];

/**
 * A region of a file. Lines and columns are 1-based; columns count UTF-16 code units (as SARIF's default
 * `utf16CodeUnit`), and `end_column` is exclusive: it points one past the last character of the region.
 */
export interface Range {
  start_line: number;
  start_column: number;
  end_line: number;
  end_column: number;
}

export interface Location extends Range {
  /** The file inside a project; absent for single-file analysis. */
  file?: string;
  /** The URL a domain-scan finding is about. */
  url?: string;
}

export interface Finding {
  rule_id: string;
  rule_name: string;
  severity: Severity;
  category: Category;
  title: string;
  message: string;
  location: Location;
  remediation: string;
  help_url: string;
  /** Points this finding cost (0 or negative); the report's score is 100 + the sum of these. */
  score_impact: number;
  equivalents: readonly string[];
  cwe?: readonly string[];
  /** The finding's identity across runs (src/core/fingerprint.ts): rule, file and a hash of its text, secrets masked.
   * Set by file and project analysis; a baseline lists these. */
  fingerprint?: string;
  /** Edits that resolve the finding (src/core/fix.ts): positions as `location`'s, never overlapping. */
  fix?: Fix;
}

export interface SuppressedFinding extends Finding {
  suppression: {
    /** Which pragma suppressed it: `confgate`, `hadolint`, `checkov`, `trivy`, `kics`, `buildkit`, `dclint`; or
     * `baseline` when the request's `baseline` lists its fingerprint (then `pragma` is `baseline`, `line` the
     * finding's own and `reason` `baseline`). */
    kind: string;
    /** The pragma's text as written, e.g. `# hadolint ignore=DL3007`. */
    pragma: string;
    /** 1-based line of the pragma. */
    line: number;
    reason?: string;
  };
}

export type SeverityCounts = Record<Severity, number>;

export interface Report {
  score: number;
  grade: Grade;
  severity: ReportSeverity;
  summary: SeverityCounts;
  findings: Finding[];
  suppressed: SuppressedFinding[];
  scoring_version: string;
  ruleset_version: string;
}
