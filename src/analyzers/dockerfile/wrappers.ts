// Commands that run another command (`sudo apt-get …`, `env FOO=1 npm …`): rules and the `sh -c` detection
// look through them to the command that actually runs.

/** A Map, not an object: command names such as `constructor` must not hit Object.prototype. Options of each wrapper that take a separate value (`sudo -u app cmd`, `timeout -s KILL 5 cmd`). */
const WRAPPERS = new Map<string, { withValue: string[]; leadingOperands?: number }>(Object.entries({
  sudo: { withValue: ['-u', '-g', '-C', '-D', '-h', '-p', '-r', '-t', '-U', '-T', '--user', '--group', '--chdir'] },
  doas: { withValue: ['-u', '-C'] },
  env: { withValue: ['-u', '-C', '-S', '--unset', '--chdir'] },
  exec: { withValue: ['-a'] },
  nice: { withValue: ['-n', '--adjustment'] },
  nohup: { withValue: [] },
  time: { withValue: ['-f', '-o', '--format', '--output'] },
  command: { withValue: [] },
  builtin: { withValue: [] },
  stdbuf: { withValue: ['-i', '-o', '-e'] },
  ionice: { withValue: ['-c', '-n', '-p'] },
  chroot: { withValue: ['--userspec', '--groups'], leadingOperands: 1 },
  timeout: { withValue: ['-s', '-k', '--signal', '--kill-after'], leadingOperands: 1 },
  'su-exec': { withValue: [], leadingOperands: 1 },
  gosu: { withValue: [], leadingOperands: 1 },
  tini: { withValue: ['-s', '-p', '-e'] },
  'dumb-init': { withValue: [] },
  xargs: { withValue: ['-I', '-n', '-P', '-d', '-E', '-L', '-s', '-a', '--max-args', '--max-procs', '--delimiter', '--arg-file', '--replace'] },
}));

/** Whether a command name (without directory) runs another command. */
export function isWrapper(name: string): boolean {
  return WRAPPERS.has(name);
}

/** The command name without its directory: `/usr/bin/apt-get` → `apt-get`. */
export function baseName(word: string): string {
  const slash = word.lastIndexOf('/');
  return slash === -1 ? word : word.slice(slash + 1);
}

/**
 * Index of the word that names the command really run, skipping wrappers, their options and (for `env`)
 * variable assignments; `values.length` when a wrapper wraps nothing.
 */
export function commandStart(values: readonly string[]): number {
  // Most commands are no wrapper: answered without the loop.
  if (values.length === 0 || !WRAPPERS.has(baseName(values[0]!))) return 0;
  let i = 0;
  for (let guard = 0; guard < values.length && i < values.length; guard++) {
    const wrapper = WRAPPERS.get(baseName(values[i]!));
    if (!wrapper) return i;
    const name = baseName(values[i]!);
    i++;
    while (i < values.length) {
      const v = values[i]!;
      if (v === '--') {
        i++;
        break;
      }
      if (name === 'env' && /^[A-Za-z_][A-Za-z0-9_]*=/.test(v)) i++;
      else if (v.startsWith('-') && v.length > 1) i += wrapper.withValue.includes(v) ? 2 : 1;
      else break;
    }
    i += wrapper.leadingOperands ?? 0;
  }
  return Math.min(i, values.length);
}
