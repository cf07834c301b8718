// One domain scan: validate the name, collect evidence through the guarded connector, run every pure check,
// score, and shape the v1 report plus `checks[]` and `caps[]`.
import { rulesetVersion, toFinding } from '../core/engine.ts';
import { countBySeverity, gradeFor, highestSeverity, SEVERITY_RANK } from '../core/scoring.ts';
import type { Finding, Report } from '../core/types.ts';
import { SCAN_CHECKS, SCAN_RULES } from './catalogue.ts';
import type { CheckArea, CheckStatus, Outcome } from './checks/check.ts';
import { outcome } from './checks/check.ts';
import { isExposed } from './checks/exposure.ts';
import { collectEvidence } from './collect.ts';
import type { ConnectorSettings } from '../net/connector.ts';
import { createConnector, ScanBudget } from '../net/connector.ts';
import type { Evidence } from './evidence.ts';
import { normalizeDomain } from './normalize.ts';
import type { HstsPreloadList } from './hsts-preload.ts';
import { preloadEvidence } from './hsts-preload.ts';
import { SCAN_SCORING_TABLE, scoreChecks } from './scoring.ts';
import type { AppliedCap, ScanScoringTable } from './scoring.ts';

export const SCANNER_VERSION = '1.0.0';
export const SCAN_RULESET_VERSION = rulesetVersion(SCAN_RULES);

export type ExposedFileKind = 'dockerfile' | 'compose';

export interface ScanOptions extends ConnectorSettings {
  /** The service's public URL: in the User-Agent and the findings' help links. */
  publicBaseUrl: string;
  /** Per-request timeout (default 8 s). */
  timeoutMs?: number;
  /** Per-scan budget: connections (default 60) and wall-clock time (default 60 s). */
  maxRequests?: number;
  maxTotalMs?: number;
  /** Body cap per response (default 512 KiB). */
  maxBodyBytes?: number;
  /** Analyses an exposed Dockerfile or compose file (the file analyzers); its findings join the report at 0 points. */
  analyzeExposedFile?: (kind: ExposedFileKind, text: string) => Finding[];
  /** Clock for expiry judgements (tests). */
  now?: () => number;
  scoring?: ScanScoringTable;
  /** Root trust anchors for DNSSEC validation, DS records in presentation form (`20326 8 2 E06D…`); default IANA's
   * (ROOT_TRUST_ANCHORS). Tests give the loopback lab's own root. */
  dnssecTrustAnchors?: readonly string[];
  /** Chromium's HSTS preload list (SCAN_HSTS_PRELOAD_LIST); undefined: the preload status is not judged. */
  hstsPreload?: HstsPreloadList;
}

export interface CheckResult {
  id: string;
  rule_id?: string;
  category: CheckArea;
  title: string;
  status: CheckStatus;
  evidence: string;
  points: number;
}

export interface ScanResult extends Report {
  domain: string;
  scanned_at: string;
  duration_ms: number;
  scanner_version: string;
  /** Connections opened: TLS handshakes, ClientHello probes and HTTP connections (requests over a kept-alive
   * connection open none; the per-scan budget counts requests). */
  requests: number;
  checks: CheckResult[];
  caps: AppliedCap[];
}

export class ScanInputError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
    this.name = 'ScanInputError';
  }
}

/** Neither home page (HTTPS, HTTP) can be fetched because their redirects lead only to refused targets: the
 * site points the scanner at an address or port it does not connect to, so there is nothing to judge. */
export class ScanTargetRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ScanTargetRefusedError';
  }
}

export function userAgent(publicBaseUrl: string): string {
  return `ConfgateScanner/${SCANNER_VERSION} (+${publicBaseUrl})`;
}

function runCheck(run: (e: Evidence) => Outcome, e: Evidence): Outcome {
  try {
    return run(e);
  } catch (err) {
    // A check that throws is our bug; it must not cost the site points.
    return outcome('error', `check failed: ${err instanceof Error ? err.message : String(err)}`);
  }
}

function exposedFileFindings(e: Omit<Evidence, 'exposedFileFindings'>, analyze: ScanOptions['analyzeExposedFile']): Finding[] {
  if (!analyze) return [];
  return e.exposure.flatMap((p) => {
    if (!p.result.ok || (p.kind !== 'dockerfile' && p.kind !== 'compose') || !isExposed(p.kind, p.result.value, e.notFound)) return [];
    const url = p.result.value.url;
    return analyze(p.kind, p.result.value.body).map((f) => ({ ...f, location: { ...f.location, url }, score_impact: 0 }));
  });
}

/** Judges collected evidence: pure, so tests and re-scoring can run it without a network. */
export function judge(e: Evidence, options: Pick<ScanOptions, 'publicBaseUrl' | 'scoring'>): Pick<ScanResult, 'score' | 'grade' | 'severity' | 'summary' | 'findings' | 'checks' | 'caps'> {
  const ran = SCAN_CHECKS.map((check) => ({ check, out: runCheck(check.run, e) }));
  const scored = scoreChecks(ran.map((r) => ({ id: r.check.id, status: r.out.status })), options.scoring ?? SCAN_SCORING_TABLE);
  const checks: CheckResult[] = [];
  const findings: Finding[] = [];
  ran.forEach(({ check, out }, i) => {
    const points = scored.points[i] ?? 0;
    const result: CheckResult = { id: check.id, category: check.area, title: check.title, status: out.status, evidence: out.evidence, points };
    if (check.rule) result.rule_id = check.rule.id;
    checks.push(result);
    if (!check.rule || (out.status !== 'warn' && out.status !== 'fail' && out.status !== 'info')) return;
    const report = { range: { start_line: 1, start_column: 1, end_line: 1, end_column: 1 }, ...(out.messageId ? { messageId: out.messageId } : {}), ...(out.data ? { data: out.data } : {}) };
    const finding = toFinding(check.rule, report, options.publicBaseUrl);
    finding.location.url = out.url ?? `https://${e.domain}/`;
    finding.severity = out.status === 'info' ? 'info' : (out.severity ?? check.rule.severity);
    finding.score_impact = points;
    findings.push(finding);
  });
  findings.push(...e.exposedFileFindings);
  findings.sort((a, b) => SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity] || a.rule_id.localeCompare(b.rule_id) || (a.location.url ?? '').localeCompare(b.location.url ?? ''));
  const summary = countBySeverity(findings);
  return { score: scored.score, grade: gradeFor(scored.score), severity: highestSeverity(summary), summary, findings, checks, caps: scored.caps };
}

/**
 * Scans one domain. Rejects with `ScanInputError` when the name is refused by `normalizeDomain`, and with
 * `ScanTargetRefusedError` when neither home page answered and one of them led to a refused target; every other
 * network problem during the scan becomes a check with status `error` instead.
 */
export async function scanDomain(domain: string, options: ScanOptions): Promise<ScanResult> {
  const name = normalizeDomain(domain);
  if (!name.ok) throw new ScanInputError(name.code, name.reason);
  const now = options.now ?? Date.now;
  const started = now();
  const clock = performance.now();
  // Same-origin requests (pages, exposure probes) reuse kept-alive connections; the handshake probes cannot.
  const connector = createConnector({ ...options, keepAlive: options.keepAlive ?? true, userAgent: options.userAgent ?? userAgent(options.publicBaseUrl) });
  const budget = new ScanBudget(options.maxRequests ?? 60, options.maxTotalMs ?? 60_000);
  let collected: Awaited<ReturnType<typeof collectEvidence>>;
  try {
    collected = await collectEvidence(connector, name.domain, {
      budget,
      timeoutMs: options.timeoutMs ?? 8000,
      maxBodyBytes: options.maxBodyBytes ?? 512 * 1024,
      at: started,
      ...(options.dnssecTrustAnchors ? { dnssecTrustAnchors: options.dnssecTrustAnchors } : {}),
    });
  } finally {
    connector.close();
  }
  const { https, http } = collected;
  if (!https.ok && !http.ok && (https.refused || http.refused)) throw new ScanTargetRefusedError(https.refused ? https.error : http.error);
  const evidence: Evidence = {
    ...collected,
    ...(options.hstsPreload ? { hstsPreload: preloadEvidence(options.hstsPreload, name.domain) } : {}),
    exposedFileFindings: exposedFileFindings(collected, options.analyzeExposedFile),
  };
  const judged = judge(evidence, options);
  return {
    ...judged,
    suppressed: [],
    scoring_version: (options.scoring ?? SCAN_SCORING_TABLE).version,
    ruleset_version: SCAN_RULESET_VERSION,
    domain: name.domain,
    scanned_at: new Date(started).toISOString(),
    duration_ms: Math.round(performance.now() - clock),
    scanner_version: SCANNER_VERSION,
    requests: budget.connections,
  };
}
