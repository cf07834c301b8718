// Suppression pragmas in workflow and action comments: ours (src/analyzers/yaml/comments.ts) and zizmor's
// `# zizmor: ignore[audit, ...]`, which silences the named audits' findings in the YAML node whose line it trails
// (zizmor matches a comment inside a finding's span: a comment on `run: |` covers an injection in the block below).
// It reaches our rules through their `equivalents` (`zizmor:template-injection`).
import { scanComments } from '../yaml/comments.ts';
import type { CommentScan, PragmaReader, RawComment } from '../yaml/comments.ts';
import type { NodeEnds, Positions } from '../yaml/yaml-tree.ts';

const ZIZMOR = /^#\s*zizmor:\s*ignore\[([^\]]*)\]/;

const readZizmor: PragmaReader = (c, at) => {
  const z = ZIZMOR.exec(c.text);
  if (!z) return false;
  const ids = z[1]!.split(',').map((id) => id.trim()).filter((id) => id !== '');
  if (ids.length > 0) at.add(c, 'zizmor', ids, c.ownLine ? { from: c.line, to: c.line } : at.scope(c, true));
  return true;
};

export function scanGhaComments(raw: readonly RawComment[], pos: Positions, nodeEnds: NodeEnds): CommentScan {
  return scanComments(raw, pos, nodeEnds, [readZizmor]);
}
