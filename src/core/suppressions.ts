// Suppression pragmas, tool-neutral. Analyzers read their comment syntax into `Suppression`s; this module
// decides which findings they silence. Other tools' pragmas map to our rules through `equivalents`.
import type { RuleMeta } from './rule.ts';

export interface Suppression {
  /** `confgate`, or the tool whose pragma this is: `hadolint`, `checkov`, `trivy`, `kics`, `buildkit`, `dclint`. */
  kind: string;
  /** The pragma as written (trimmed). */
  pragma: string;
  /** 1-based line of the pragma. */
  line: number;
  /** Rule ids as the pragma names them; `*` silences every rule. */
  ids: string[];
  reason?: string;
  /** Lines the pragma covers (inclusive); absent means the whole file. */
  lines?: { from: number; to: number };
}

/** Whether a pragma id names this rule: our id or name for `confgate`, otherwise an equivalent id. */
export function suppressionNames(s: Suppression, meta: RuleMeta): boolean {
  return s.ids.some((raw) => {
    const id = raw.trim().toLowerCase();
    if (id === '*') return true;
    if (s.kind === 'confgate') return id === meta.id.toLowerCase() || id === meta.name.toLowerCase();
    return meta.equivalents.some((eq) => eq.toLowerCase() === `${s.kind}:${id}`);
  });
}

export function findSuppression(
  suppressions: readonly Suppression[],
  meta: RuleMeta,
  line: number,
): Suppression | undefined {
  return suppressions.find(
    (s) => (s.lines === undefined || (line >= s.lines.from && line <= s.lines.to)) && suppressionNames(s, meta),
  );
}
