// Suppression pragmas in workflow and action comments: ours (src/analyzers/yaml/comments.ts) and zizmor's
// `# zizmor: ignore[audit, ...]`, which silences the named audits' findings on its line (zizmor matches a comment
// inside a finding's span; our findings start on the line zizmor's spans start on). It reaches our rules through
// their `equivalents` (`zizmor:template-injection`).
import { scanComments } from '../yaml/comments.ts';
import type { CommentScan, PragmaReader, RawComment } from '../yaml/comments.ts';
import type { Positions } from '../yaml/yaml-tree.ts';

const ZIZMOR = /^#\s*zizmor:\s*ignore\[([^\]]*)\]/;

const readZizmor: PragmaReader = (c, at) => {
  const z = ZIZMOR.exec(c.text);
  if (!z) return false;
  const ids = z[1]!.split(',').map((id) => id.trim()).filter((id) => id !== '');
  if (ids.length > 0) at.add(c, 'zizmor', ids, { from: c.line, to: c.line });
  return true;
};

export function scanGhaComments(raw: readonly RawComment[], pos: Positions, nodeEnds: ReadonlyMap<number, number>): CommentScan {
  return scanComments(raw, pos, nodeEnds, [readZizmor]);
}
