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

export type ConfgatePragma =
  | { ids: string[]; reason: string; scope: 'next' | 'file' }
  | { error: 'malformed' | 'no-rule' | 'no-reason' };

/** Lower-case `confgate` and a directive word: meant as a pragma, so a typo is reported, not ignored. */
const PRAGMA_ATTEMPT = /^confgate\s+[a-z][a-z-]*(\s*=|\s+\S)/;
const PRAGMA = /^confgate\s+(ignore|ignore-file)\s*=(.*)$/i;
const REASON = /^\s*reason\s*=\s*(?:"([^"]*)"|'([^']*)'|(\S.*?))\s*$/i;

/**
 * Our own pragma, the same in every file type: `confgate ignore=ID[,ID] reason="…"` (the next element) or
 * `confgate ignore-file=ID[,ID] reason="…"` (the whole file); any letter case. `text` is the comment without its
 * `#`. Prose such as "Confgate with PostgreSQL: …" is no pragma (undefined); a lower-case `confgate <word>…`
 * that is malformed, names no rule or gives no reason is an error the analyzer reports — it suppresses nothing.
 */
export function parseConfgatePragma(text: string): ConfgatePragma | undefined {
  const t = text.trim();
  const m = PRAGMA.exec(t);
  if (!m) return PRAGMA_ATTEMPT.test(t) ? { error: 'malformed' } : undefined;
  const rest = m[2]!;
  const at = rest.search(/\breason\s*=/i);
  const ids = (at < 0 ? rest : rest.slice(0, at)).split(/[\s,]+/).filter((id) => id !== '');
  if (ids.length === 0) return { error: 'no-rule' };
  const r = at < 0 ? null : REASON.exec(rest.slice(at));
  const reason = (r?.[1] ?? r?.[2] ?? r?.[3] ?? '').trim();
  if (reason === '') return { error: 'no-reason' };
  return { ids, reason, scope: m[1]!.toLowerCase() === 'ignore-file' ? 'file' : 'next' };
}
