// A .dockerignore is recognised by its name only: any text is a list of patterns, so its content says nothing.
import type { ContentMatch } from '../../core/file-type.ts';

export function detectDockerignore(_content: string): ContentMatch | undefined {
  return undefined;
}
