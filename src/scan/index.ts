// The domain scanner's public surface: what the scan API, the worker, the rule catalogue and webhook delivery use.
export { scanDomain, judge, userAgent, ScanInputError, ScanTargetRefusedError, SCANNER_VERSION, SCAN_RULESET_VERSION } from './scan.ts';
export type { CheckResult, ExposedFileKind, ScanOptions, ScanResult } from './scan.ts';
export { normalizeDomain } from './normalize.ts';
export { SCAN_CHECKS, SCAN_RULES } from './catalogue.ts';
export { SCAN_SCORING_TABLE, SCAN_SCORING_VERSION, scoreChecks } from './scoring.ts';
export type { AppliedCap, ScanScoringTable } from './scoring.ts';
