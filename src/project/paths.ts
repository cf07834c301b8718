// Project paths: submitted file names and the paths compose files write (build contexts, `extends.file`) read
// the same way, so they can be compared.
import { posix } from 'node:path';

/** A submitted file name as a project path: `/`-separated, `.` and `..` segments folded, no leading `./`. */
export function projectPath(filename: string): string {
  return posix.normalize(filename.replace(/\\/g, '/'));
}

/** `https://…`, `git@…` and other URLs are remote: what they name cannot be in the submission. */
export const REMOTE = /^(?:[a-z][a-z0-9+.-]*:\/\/|git@)/i;

/** `p` under `dir`, unless `p` is absolute. */
export function join(dir: string, p: string): string {
  return p.startsWith('/') ? p : posix.join(dir, p);
}

/** A path written in the file `filename`, as a project path: a relative one is relative to that file's directory. */
export function resolveFrom(filename: string, p: string): string {
  return projectPath(join(posix.dirname(projectPath(filename)), p));
}
