// Image references as Docker reads them: `[registry/]path[:tag][@digest]`, where the first path component is
// a registry only if it looks like a host (has a `.` or `:`, or is `localhost`).
import type { ImageRef } from './types.ts';

export function parseImageRef(text: string): ImageRef {
  let rest = text;
  let digest: string | undefined;
  const at = rest.indexOf('@');
  if (at !== -1) {
    digest = rest.slice(at + 1);
    rest = rest.slice(0, at);
  }
  let tag: string | undefined;
  const colon = rest.lastIndexOf(':');
  if (colon > rest.lastIndexOf('/')) {
    tag = rest.slice(colon + 1);
    rest = rest.slice(0, colon);
  }
  let registry: string | undefined;
  const slash = rest.indexOf('/');
  if (slash !== -1) {
    const first = rest.slice(0, slash);
    if (first.includes('.') || first.includes(':') || first === 'localhost') {
      registry = first;
      rest = rest.slice(slash + 1);
    }
  }
  const ref: ImageRef = { text, repository: rest, scratch: text.toLowerCase() === 'scratch' };
  if (registry !== undefined) ref.registry = registry;
  if (tag !== undefined) ref.tag = tag;
  if (digest !== undefined) ref.digest = digest;
  return ref;
}
