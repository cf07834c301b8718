// Whether a file's content reads as a GitHub Actions action (`action.yml`), for files whose name says nothing.
import type { ContentMatch } from '../../core/file-type.ts';
import { topKeys } from '../github-workflow/detect.ts';

/** `runs:` with `using:` (and usually `name:`, `inputs:`): an action's metadata. */
export function detectAction(content: string): ContentMatch | undefined {
  const keys = topKeys(content);
  if (!keys.includes('runs') || keys.includes('jobs') || keys.includes('services')) return undefined;
  const using = /^\s+using\s*:\s*['"]?(composite|docker|node\d+)/m.test(content);
  if (!using) return undefined;
  return { confidence: keys.includes('name') ? 0.9 : 0.7, reason: 'the content is YAML with the top-level "runs" of an action, and its "using"' };
}
