// Suppression pragmas in Dockerfile comments: ours (with a mandatory reason) and those of hadolint, Checkov,
// Trivy, KICS and BuildKit, so files already annotated for another tool keep working. A pragma before an
// instruction covers all of that instruction's lines (continuations and heredocs).
import type { Report } from '../../core/rule.ts';
import { parseConfgatePragma } from '../../core/suppressions.ts';
import type { Suppression } from '../../core/suppressions.ts';
import type { Comment, DockerfileDoc, Instruction } from './types.ts';

const HADOLINT = /^hadolint\s+(global\s+)?ignore\s*=\s*([A-Za-z0-9]+(?:\s*,\s*[A-Za-z0-9]+)*)/i;
const CHECKOV = /^checkov:skip=([A-Za-z0-9_]+)(?::\s*(.*?))?\s*$/;
const TRIVY = /^trivy:ignore:([A-Za-z0-9_-]+)/;
const KICS = /^kics-scan\s+(ignore|ignore-line|ignore-block|disable=(\S+))\s*$/;
/** BuildKit's `# check=skip=<rules>` written before an instruction (not a parser directive there): BuildKit skips
 * those checks for that instruction. The rule list may be followed by a note (`# check=skip=all // why`): BuildKit
 * skips the rules all the same, so the note is not part of the last rule's name. */
const BUILDKIT_INLINE = /^check\s*=\s*(.*)$/i;

const PRAGMA_ERRORS = {
  malformed: 'is not a pragma: write ignore=<rule> or ignore-file=<rule> with reason="…"',
  'no-rule': 'names no rule: write ignore=<rule id or name>',
  'no-reason': 'has no reason: add reason="why this is acceptable"',
} as const;

const splitIds = (list: string): string[] => list.split(',').map((x) => x.trim()).filter((x) => x !== '');

/** Trivy's long ids (`AVD-DS-0002`) name the same checks as the short ones (`DS002`). */
function trivyId(id: string): string {
  const m = /^AVD-DS-0*(\d+)$/i.exec(id);
  return m ? `DS${m[1]!.padStart(3, '0')}` : id.toUpperCase();
}

export function parseSuppressions(doc: DockerfileDoc, errors: Report[]): Suppression[] {
  const out: Suppression[] = [];
  for (const d of doc.directives) {
    if (d.name !== 'check') continue;
    const ids = checkSkipIds(d.value);
    if (ids.length > 0) out.push({ kind: 'buildkit', pragma: `# check=${d.value}`, line: d.range.start_line, ids });
  }
  const directiveLines = new Set(doc.directives.map((d) => d.range.start_line));
  const commentLines = new Set(doc.comments.map((c) => c.range.start_line));
  const instructions = doc.instructions;
  let next = 0;
  for (const c of doc.comments) {
    if (c.inInstruction || directiveLines.has(c.range.start_line)) continue;
    const text = c.text.trim();
    const line = c.range.start_line;
    while (next < instructions.length && instructions[next]!.range.start_line <= line) next++;
    const target = instructionAfter(instructions[next], line, commentLines);
    const lines = target ? { from: target.range.start_line, to: target.range.end_line } : undefined;
    const base = { pragma: `#${c.text}`.trim(), line };
    let m: RegExpExecArray | null;
    const pragma = parseConfgatePragma(text);
    if (pragma && 'error' in pragma) {
      errors.push(pragmaError(c, PRAGMA_ERRORS[pragma.error]));
    } else if (pragma) {
      if (pragma.scope === 'file') out.push({ kind: 'confgate', ...base, ids: pragma.ids, reason: pragma.reason });
      else if (lines) out.push({ kind: 'confgate', ...base, ids: pragma.ids, reason: pragma.reason, lines });
    } else if ((m = HADOLINT.exec(text))) {
      const ids = splitIds(m[2]!);
      if (m[1]) out.push({ kind: 'hadolint', ...base, ids });
      else if (lines) out.push({ kind: 'hadolint', ...base, ids, lines });
    } else if ((m = CHECKOV.exec(text))) {
      const s: Suppression = { kind: 'checkov', ...base, ids: [m[1]!] };
      if (m[2]) s.reason = m[2];
      out.push(s);
    } else if ((m = TRIVY.exec(text))) {
      if (lines) out.push({ kind: 'trivy', ...base, ids: [trivyId(m[1]!)], lines });
    } else if ((m = BUILDKIT_INLINE.exec(text))) {
      const ids = checkSkipIds(m[1]!, true);
      if (lines && ids.length > 0) out.push({ kind: 'buildkit', ...base, ids, lines });
    } else if ((m = KICS.exec(text))) {
      if (m[1] === 'ignore') out.push({ kind: 'kics', ...base, ids: ['*'] });
      else if (m[1] === 'ignore-line') out.push({ kind: 'kics', ...base, ids: ['*'], lines: { from: line + 1, to: line + 1 } });
      else if (m[1] === 'ignore-block') {
        if (lines) out.push({ kind: 'kics', ...base, ids: ['*'], lines });
      } else out.push({ kind: 'kics', ...base, ids: splitIds(m[2]!) });
    }
  }
  return out;
}

/** The rules a `check=` value skips (`skip=A,B;error=true`); `all` is every rule. With `note`, the list ends where a
 * note after it starts (`skip=A,B // why`). */
function checkSkipIds(value: string, note = false): string[] {
  const out: string[] = [];
  for (const part of value.split(';')) {
    const m = note ? /^\s*skip\s*=\s*([A-Za-z0-9_]+(?:\s*,\s*[A-Za-z0-9_]+)*)/i.exec(part) : /^\s*skip\s*=\s*(.*)$/i.exec(part);
    if (m) out.push(...splitIds(m[1]!).map((id) => (id.toLowerCase() === 'all' ? '*' : id)));
  }
  return out;
}

/** The instruction a pragma on `line` applies to: the next one, with only comment lines in between. */
function instructionAfter(candidate: Instruction | undefined, line: number, commentLines: ReadonlySet<number>): Instruction | undefined {
  if (!candidate) return undefined;
  for (let l = line + 1; l < candidate.range.start_line; l++) if (!commentLines.has(l)) return undefined;
  return candidate;
}

function pragmaError(c: Comment, detail: string): Report {
  return { range: c.range, messageId: 'pragma', data: { detail: `suppression pragma ${detail}` } };
}
