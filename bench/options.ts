// Command-line options of the benchmarks: `--name VALUE` or `--name=VALUE` (bench/run.ts skips the values of the
// options in VALUE_OPTIONS when it reads suite names).
export const VALUE_OPTIONS: ReadonlySet<string> = new Set(['--peers', '--corpus', '--min-score', '--profile', '--rules', '--observatory']);

/** The value given to `--name`, if any. */
export function optionValue(name: string, argv: readonly string[] = process.argv): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === `--${name}`) return argv[i + 1];
    if (a.startsWith(`--${name}=`)) return a.slice(name.length + 3);
  }
  return undefined;
}
