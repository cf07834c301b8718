// A finding's identity across runs (baselines, SARIF `partialFingerprints`): its rule, its file and a hash of the
// text it points at, whitespace-normalised, so it is stable when lines move and changes when the text changes.
// A fingerprint never carries a secret: for a secrets-category finding the text is masked whole — no part of it is
// hashed, not even its shape (a value's length or punctuation would tell guesses apart) — and the finding is told
// apart by its message instead, which names the variable, label or file but never a value (the report publishes
// it anyway; digits removed, as a message may name a line). So a committed baseline or an uploaded SARIF cannot be
// used to recover or confirm a secret, not even by submitting guesses to the service and comparing fingerprints.
// docs/public-api.md, "Baselines", records the decision.
import { createHash } from 'node:crypto';
import type { Finding, Range } from './types.ts';

/** The `partialFingerprints` key of SARIF results, and the version of the construction below. */
export const FINGERPRINT_KEY = 'confgate/v1';

/** Hex digits kept of the SHA-256: 128 bits. */
export const FINGERPRINT_LENGTH = 32;

/** The text of a range (1-based lines, UTF-16 columns, end exclusive) in `lines`. */
function rangeText(lines: readonly string[], r: Range): string {
  if (r.start_line === r.end_line) return (lines[r.start_line - 1] ?? '').slice(r.start_column - 1, r.end_column - 1);
  const parts = [(lines[r.start_line - 1] ?? '').slice(r.start_column - 1)];
  for (let n = r.start_line + 1; n < r.end_line; n++) parts.push(lines[n - 1] ?? '');
  parts.push((lines[r.end_line - 1] ?? '').slice(0, r.end_column - 1));
  return parts.join('\n');
}

function normalised(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** What is hashed of a finding's text: the text itself, whitespace-normalised; for a secret its message only. */
export function fingerprintText(f: Pick<Finding, 'category' | 'message'>, text: string): string {
  if (f.category !== 'secrets') return normalised(text);
  return `secret\0${f.message.replace(/\d+/g, '')}`;
}

/** The lines of a file's content, split once per file for all its findings. */
export function contentLines(content: string): string[] {
  return content.split(/\r?\n/);
}

/** The fingerprint of a finding in `file` (the submitted filename, a path in a project), whose text is `lines`. */
export function fingerprint(f: Pick<Finding, 'rule_id' | 'category' | 'message' | 'location'>, file: string, lines: readonly string[]): string {
  const text = fingerprintText(f, rangeText(lines, f.location));
  return createHash('sha256').update(`${f.rule_id}\0${file}\0${text}`).digest('hex').slice(0, FINGERPRINT_LENGTH);
}
