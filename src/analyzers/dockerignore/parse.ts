// Parses a .dockerignore as moby/patternmatcher's ignorefile.ReadAll and New read it: a UTF-8 BOM dropped, lines
// starting with `#` are comments (only at the very start of the line: `  # x` is a pattern), surrounding
// whitespace trimmed, blank lines skipped, `!` then whitespace then the pattern, cleaned like filepath.Clean and
// its leading `/` dropped. Patterns Docker refuses (`!` alone, malformed `[` classes, a trailing `\`) are syntax
// errors; our `# confgate` pragmas are read from the comments. Never throws.
import type { Parsed } from '../../core/analyze.ts';
import type { Report } from '../../core/rule.ts';
import { linePragmas } from '../line-pragmas.ts';
import { compilePattern, goClean, goGlobError } from './match.ts';
import type { DockerignoreDoc, IgnorePattern } from './types.ts';

export function parseDockerignore(text: string): Parsed<DockerignoreDoc> {
  const lines = text.split('\n');
  if (lines[0]?.startsWith('\uFEFF')) lines[0] = lines[0].slice(1);
  const bom = text.startsWith('\uFEFF') ? 1 : 0;
  const errors: Report[] = [];
  const patterns: IgnorePattern[] = [];
  let usable = true;
  lines.forEach((raw, i) => {
    const line = raw.replace(/\r$/, '');
    if (line.startsWith('#')) return;
    let p = line.trim();
    if (p === '') return;
    const start = line.indexOf(p) + 1 + (i === 0 ? bom : 0);
    const range = { start_line: i + 1, start_column: start, end_line: i + 1, end_column: start + p.length };
    const written = p;
    const exclusion = p.startsWith('!');
    if (exclusion) p = p.slice(1).trim();
    if (p !== '') {
      p = goClean(p);
      if (p.length > 1 && p.startsWith('/')) p = p.slice(1);
    }
    if (exclusion && p === '') {
      usable = false;
      errors.push({ range, messageId: 'bareExclusion' });
      return;
    }
    const problem = goGlobError(p);
    const compiled = problem === undefined ? compilePattern(p, exclusion) : undefined;
    if (!compiled) {
      usable = false;
      errors.push({ range, messageId: 'badPattern', data: { pattern: written, detail: problem ?? 'the pattern is no valid regular expression once translated' } });
      return;
    }
    patterns.push({ pattern: p, exclusion, written, range, compiled });
  });
  const pragmas = linePragmas(lines, (l) => l.startsWith('#'));
  return { doc: { patterns, usable }, suppressions: pragmas.suppressions, syntaxErrors: [...errors, ...pragmas.errors] };
}
