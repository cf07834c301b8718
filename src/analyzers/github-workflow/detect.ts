// Whether a file's content reads as a GitHub Actions workflow, for files whose name and place say nothing
// (src/analysis/detect.ts). Top-level keys only: cheap, and what tells these files from other YAML.
import type { ContentMatch } from '../../core/file-type.ts';

/** The top-level keys of a YAML text, as written at column 0. */
export function topKeys(content: string): string[] {
  const keys: string[] = [];
  for (const line of content.split('\n')) {
    const m = /^(["']?)([A-Za-z_][\w-]*)\1\s*:/.exec(line);
    if (m) keys.push(m[2]!);
  }
  return keys;
}

/** `on:` and `jobs:` at the top level: the two keys every workflow has, and no Compose file or action does. */
export function detectWorkflow(content: string): ContentMatch | undefined {
  const keys = topKeys(content);
  if (!keys.includes('jobs')) return undefined;
  if (keys.includes('on')) return { confidence: 0.9, reason: 'the content is YAML with the top-level "on" and "jobs" of a workflow' };
  return keys.includes('services') ? undefined : { confidence: 0.4, reason: 'the content is YAML with a top-level "jobs"' };
}
