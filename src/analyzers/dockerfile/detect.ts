// Whether a file's content reads as a Dockerfile, for files whose name says nothing (src/analysis/detect.ts).
import type { ContentMatch } from '../../core/file-type.ts';
import { KINDS } from './parse.ts';

/** Lines that carry content: not blank, not comments, not continuation of a previous line. */
function logicalLines(content: string): string[] {
  const out: string[] = [];
  let continued = false;
  for (const raw of content.split(/\r?\n/)) {
    const line = raw.trim();
    if (!continued && line !== '' && !line.startsWith('#')) out.push(line);
    if (line !== '' && !line.startsWith('#')) continued = /\\$|`$/.test(line);
    if (out.length >= 200) break;
  }
  return out;
}

function score(content: string): number {
  const lines = logicalLines(content);
  if (lines.length === 0) return 0;
  const keywords = lines.map((l) => /^([A-Za-z]+)(\s|$)/.exec(l)?.[1]?.toUpperCase() ?? '');
  const known = keywords.filter((k) => KINDS.has(k)).length;
  const share = known / lines.length;
  const startsRight = keywords[0] === 'FROM' || keywords[0] === 'ARG';
  if (share < 0.6) return 0;
  return startsRight ? Math.min(0.95, 0.6 + share * 0.35) : share * 0.6;
}

/** Most logical lines start with an instruction; more confident when the first is FROM or ARG. */
export function detectDockerfile(content: string): ContentMatch | undefined {
  const confidence = score(content);
  return confidence > 0 ? { confidence, reason: 'the content reads as Dockerfile instructions' } : undefined;
}
