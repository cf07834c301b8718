// Suppression pragmas in Compose comments: ours (`# confgate ignore=ID reason="..."`, `ignore-file=`, read by
// src/analyzers/yaml/comments.ts), dclint's (`disable`, `disable-file`, `disable-line`, `disable-next-line`) and
// KICS's (`kics-scan ignore`, `ignore-line`, `ignore-block`, `disable=<uuid>`). Comments come from the YAML
// parser's tokens, so a `#` inside a string is never read.
import { scanComments } from '../yaml/comments.ts';
import type { CommentScan, PragmaReader, RawComment } from '../yaml/comments.ts';
import type { NodeEnds, Positions } from '../yaml/yaml-tree.ts';

const DCLINT = /^#\s*dclint\s+(disable-file|disable-next-line|disable-line|disable)(?:\s+(.*))?$/;
const KICS = /^#\s*kics-scan\s+(ignore-line|ignore-block|ignore|disable=(\S+))\s*$/;

const readDclint: PragmaReader = (c, at) => {
  const d = DCLINT.exec(c.text);
  if (!d) return false;
  const ids = (d[2] ?? '').trim().split(/\s+/).filter((id) => id !== '');
  const rules = ids.length > 0 ? ids : ['*'];
  // As in dclint, file-wide pragmas count only as the file's first content line.
  if (d[1] === 'disable-file' || d[1] === 'disable') {
    if (c.line === at.firstContentLine) at.add(c, 'dclint', d[1] === 'disable-file' ? ['*'] : rules);
  } else if (d[1] === 'disable-next-line') {
    const next = at.nextCodeLine(c.line);
    at.add(c, 'dclint', rules, { from: next, to: next });
  } else {
    at.add(c, 'dclint', rules, at.scope(c, false));
  }
  return true;
};

const readKics: PragmaReader = (c, at) => {
  const k = KICS.exec(c.text);
  if (!k) return false;
  if (k[1] === 'ignore') at.add(c, 'kics', ['*']);
  else if (k[2] !== undefined) at.add(c, 'kics', k[2].split(',').filter((id) => id !== ''));
  else at.add(c, 'kics', ['*'], at.scope(c, k[1] === 'ignore-block'));
  return true;
};

/** Every pragma a Compose file's comments hold. */
export function scanComposeComments(raw: readonly RawComment[], pos: Positions, nodeEnds: NodeEnds): CommentScan {
  return scanComments(raw, pos, nodeEnds, [readDclint, readKics]);
}
