// What a file is for, read from its path: production material, or development, test, CI or example material, where
// the policy (docs/scoring.md) lets some things pass (a version-less image in `docker-compose.dev.yml`). Pure. The
// words are bench/calibration/README.md's labelling rule ("Development, test, CI and example material"); keep the
// two identical.

export const FILE_ROLES = ['production', 'development', 'test', 'ci', 'example'] as const;
export type FileRole = (typeof FILE_ROLES)[number];

const WORDS: ReadonlyMap<string, FileRole> = new Map<string, FileRole>([
  ...['dev', 'devel', 'development', 'devcontainer', 'devenv', 'gitpod', 'workstation', 'debug', 'local'].map((w) => [w, 'development'] as const),
  ...['test', 'tests', 'testing', 'e2e', 'integration', 'cypress', 'spec', 'fixture', 'fixtures'].map((w) => [w, 'test'] as const),
  ['ci', 'ci'],
  // Only these words: a published sample without one in its path (`quickstart.yml`) is meant to be copied, so it
  // is production material.
  ...['example', 'examples', 'demo', 'demos', 'sample', 'samples'].map((w) => [w, 'example'] as const),
]);

/** The role of a file by the first word of its path (split on `/ . _ -`, case-insensitive) that marks one;
 * production when none does. */
export function fileRole(path: string): FileRole {
  for (const word of path.toLowerCase().split(/[/._-]+/)) {
    const role = WORDS.get(word);
    if (role) return role;
  }
  return 'production';
}
