// A .env file as Compose reads it, with its values left out: the model holds the names a file defines and where,
// never a value, so no rule can report, echo or fingerprint one (docs/project-analysis.md, ".env files").
import type { Range } from '../../core/types.ts';

export interface EnvEntry {
  name: string;
  /** Where the name is written. */
  range: Range;
  /** A bare name (no `=`): Compose takes its value from the environment it runs in, if set there. */
  inherited: boolean;
}

export interface DotenvDoc {
  entries: EnvEntry[];
  /** False when Compose refuses the file (CGE000): it stops at the first error, so later lines are not read. */
  usable: boolean;
}
