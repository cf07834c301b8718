// Whether a content reads as a .env file, for files whose name says nothing: every line that is not blank or a
// comment assigns a variable (`NAME=...`, `export NAME=...`), and there is at least one.
import type { ContentMatch } from '../../core/file-type.ts';

const ASSIGNMENT = /^(?:export[ \t]+)?[A-Za-z_][A-Za-z0-9_.]*=/;

export function detectDotenv(content: string): ContentMatch | undefined {
  let assignments = 0;
  for (const raw of content.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (!ASSIGNMENT.test(line)) return undefined;
    assignments++;
  }
  return assignments > 0 ? { confidence: 0.6, reason: 'every line that is not a comment assigns a variable (NAME=value)' } : undefined;
}
