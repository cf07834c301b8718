// Per-finding severity from the file's role (src/core/file-role.ts): what the policy (docs/scoring.md) lets pass in
// development, test, CI and example material — a version-less image, the credentials of throwaway services, a
// datastore port published for the developer — is reported there at a lower severity instead of blocking.
import type { FileRole } from '../core/file-role.ts';
import type { Reporter, RuleContext } from '../core/rule.ts';
import type { Severity } from '../core/types.ts';

/** Development, test, CI or example material (not production). */
export function nonProduction(role: FileRole): boolean {
  return role !== 'production';
}

/** `report` for production files; for development, test, CI and example files, a reporter that gives each finding
 * `severity` (unless the rule already chose one). */
export function lowerOutsideProduction(report: Reporter, ctx: RuleContext | undefined, severity: Severity): Reporter {
  if (!ctx || !nonProduction(ctx.file.role)) return report;
  return (r) => report({ severity, ...r });
}
