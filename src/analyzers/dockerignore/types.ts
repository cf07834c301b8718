// A .dockerignore as Docker reads it: its patterns in order, where each is written, and whether Docker can use the
// file at all (a pattern it refuses fails every build that sends this context).
import type { Range } from '../../core/types.ts';
import type { CompiledPattern } from './match.ts';

export interface IgnorePattern {
  /** The pattern as Docker keeps it: cleaned, leading `/` dropped, without its `!`. */
  pattern: string;
  exclusion: boolean;
  /** The line's text without surrounding whitespace, for messages. */
  written: string;
  range: Range;
  compiled: CompiledPattern;
}

export interface DockerignoreDoc {
  patterns: IgnorePattern[];
  /** False when some pattern is one Docker refuses (CGI000): then no build of this context starts. */
  usable: boolean;
}
