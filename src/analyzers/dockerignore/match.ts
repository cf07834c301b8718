// .dockerignore patterns matched exactly as Docker matches them (github.com/moby/patternmatcher, which BuildKit and
// the docker CLI use): each pattern is cleaned like Go's filepath.Clean, a leading `/` is dropped, `!` re-includes,
// the last pattern that matches decides, and a pattern that matches a parent directory matches everything below it
// (MatchesOrParentMatches). `*` and `?` never cross `/`; `**` crosses any number of directories, even none; `[...]`
// and `\` escapes pass to the regular expression as patternmatcher passes them to Go's. Unlike .gitignore, a pattern
// without `/` matches at the root of the context only (`*.pem` is not `certs/a.pem`).
import { posix } from 'node:path';

/** Go's filepath.Clean on a `/`-separated path: `.` and `..` folded, repeated and trailing `/` removed, "" is ".". */
export function goClean(p: string): string {
  if (p === '') return '.';
  const n = posix.normalize(p);
  return n.length > 1 && n.endsWith('/') ? n.slice(0, -1) : n;
}

/** Go's filepath.Match pattern syntax, which patternmatcher checks every pattern against: a `[` class closes, holds
 * at least one range and no unescaped `-` or `]` where a character is expected; a `\` escapes something. */
export function goGlobError(p: string): string | undefined {
  let i = 0;
  const esc = (): boolean => {
    const c = p[i];
    if (c === undefined || c === '-' || c === ']') return false;
    if (c === '\\') {
      i++;
      if (i >= p.length) return false;
    }
    i++;
    return true;
  };
  while (i < p.length) {
    const c = p[i];
    if (c === '\\') {
      if (i + 1 >= p.length) return 'a trailing "\\" escapes nothing';
      i += 2;
    } else if (c === '[') {
      i++;
      if (p[i] === '^') i++;
      let ranges = 0;
      for (;;) {
        if (i >= p.length) return 'a "[" character class is not closed';
        if (p[i] === ']' && ranges > 0) {
          i++;
          break;
        }
        if (!esc()) return 'a "[" character class holds a "-" or "]" where a character is expected';
        if (p[i] === '-') {
          i++;
          if (!esc()) return 'a "[" character class holds a "-" or "]" where a character is expected';
        }
        ranges++;
      }
    } else {
      i++;
    }
  }
  return undefined;
}

type MatchType = 'exact' | 'prefix' | 'suffix' | 'regexp';

const ESCAPED = new Set('.+()|{}$');

/** One cleaned pattern compiled as patternmatcher compiles it; undefined when its regular expression is invalid. */
export interface CompiledPattern {
  /** The cleaned pattern, without its `!`. */
  pattern: string;
  exclusion: boolean;
  match(path: string): boolean;
}

export function compilePattern(pattern: string, exclusion: boolean): CompiledPattern | undefined {
  let re = '^';
  let type: MatchType = 'exact';
  const chars = [...pattern];
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    if (ch === '*') {
      if (chars[i + 1] === '*') {
        const first = i === 0;
        i++;
        if (chars[i + 1] === '/') i++;
        if (i + 1 >= chars.length) {
          if (type === 'exact') type = 'prefix';
          else {
            re += '.*';
            type = 'regexp';
          }
        } else {
          re += '(.*/)?';
          type = 'regexp';
        }
        if (first) type = 'suffix';
      } else {
        re += '[^/]*';
        type = 'regexp';
      }
    } else if (ch === '?') {
      re += '[^/]';
      type = 'regexp';
    } else if (ESCAPED.has(ch)) {
      re += `\\${ch}`;
    } else if (ch === '\\') {
      if (i + 1 < chars.length) {
        re += `\\${chars[++i]}`;
        type = 'regexp';
      } else {
        re += '\\';
      }
    } else if (ch === '[' || ch === ']') {
      re += ch;
      type = 'regexp';
    } else {
      re += ch;
    }
  }
  const base = { pattern, exclusion };
  switch (type) {
    case 'exact':
      return { ...base, match: (path) => path === pattern };
    case 'prefix': {
      const prefix = pattern.slice(0, -2);
      return { ...base, match: (path) => path.startsWith(prefix) };
    }
    case 'suffix': {
      const suffix = pattern.slice(2);
      // `**/foo` also matches `foo` itself.
      return { ...base, match: (path) => path.endsWith(suffix) || (suffix.startsWith('/') && path === suffix.slice(1)) };
    }
    case 'regexp': {
      let regexp: RegExp;
      try {
        regexp = new RegExp(`${re}$`);
      } catch {
        return undefined;
      }
      return { ...base, match: (path) => regexp.test(path) };
    }
  }
}

/** The outcome for one path: whether the context leaves it out, and the pattern that decided (the last that matched). */
export interface IgnoreDecision {
  excluded: boolean;
  /** Index of the deciding pattern in the list; undefined when none matched. */
  by?: number;
}

/** MatchesOrParentMatches over compiled patterns, for a `/`-separated path relative to the context root. */
export function decide(patterns: readonly CompiledPattern[], file: string): IgnoreDecision {
  const path = goClean(file);
  if (path === '.') return { excluded: false };
  const parent = posix.dirname(path);
  const parentDirs = parent.split('/');
  let matched = false;
  let by: number | undefined;
  patterns.forEach((p, i) => {
    // An inclusion once matched, and an exclusion before anything matched, cannot change the outcome.
    if (p.exclusion !== matched) return;
    let match = p.match(path);
    if (!match && parent !== '.') {
      for (let k = 1; k <= parentDirs.length && !match; k++) match = p.match(parentDirs.slice(0, k).join('/'));
    }
    if (match) {
      matched = !p.exclusion;
      by = i;
    }
  });
  return by === undefined ? { excluded: false } : { excluded: matched, by };
}
