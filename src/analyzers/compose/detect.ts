// Whether a file's content reads as a Compose file, for files whose name says nothing (src/analysis/detect.ts).
import type { ContentMatch } from '../../core/file-type.ts';

const TOP_KEYS = new Set(['version', 'name', 'services', 'volumes', 'networks', 'secrets', 'configs', 'include', 'models']);

function score(content: string): number {
  const top = content.split(/\r?\n/).filter((l) => /^[A-Za-z_][\w.-]*\s*:/.test(l)).map((l) => l.slice(0, l.indexOf(':')).trim());
  if (top.length === 0) return 0;
  const relevant = top.filter((k) => !k.startsWith('x-'));
  if (!relevant.includes('services')) return relevant.length > 0 && relevant.every((k) => TOP_KEYS.has(k)) ? 0.5 : 0;
  return relevant.every((k) => TOP_KEYS.has(k)) ? 0.9 : 0.6;
}

/** Top-level keys of the Compose Specification (`x-` extensions aside); more confident with `services`. */
export function detectCompose(content: string): ContentMatch | undefined {
  const confidence = score(content);
  return confidence > 0 ? { confidence, reason: 'the content is YAML with Compose top-level keys' } : undefined;
}
