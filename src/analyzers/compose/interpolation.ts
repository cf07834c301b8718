// Compose variable interpolation: `$VAR`, `${VAR}`, `${VAR:-default}`, `${VAR-default}`, `${VAR:?err}`,
// `${VAR?err}`, `${VAR:+alt}`, `${VAR+alt}` (defaults may nest), and `$$` for a literal dollar. A `$` followed
// by anything else stays literal, as in Compose; a `${` that does not form a valid expression is an error.

export interface Substitution {
  name: string;
  /** Offsets into the scanned string, [start, end). */
  start: number;
  end: number;
}

export interface InterpolationError {
  start: number;
  end: number;
  message: string;
}

export interface Scan {
  substitutions: Substitution[];
  errors: InterpolationError[];
}

const NAME_START = /[A-Za-z_]/;
const NAME_CHAR = /[A-Za-z0-9_]/;

function readName(s: string, from: number): number {
  if (!NAME_START.test(s[from] ?? '')) return from;
  let i = from + 1;
  while (i < s.length && NAME_CHAR.test(s[i]!)) i++;
  return i;
}

/** Offset of the `}` closing a `${` whose body starts at `from`, honouring nested `${...}`; -1 if none. */
function closingBrace(s: string, from: number): number {
  let depth = 0;
  for (let i = from; i < s.length; i++) {
    const c = s[i];
    if (c === '$' && s[i + 1] === '$') i++;
    else if (c === '$' && s[i + 1] === '{') {
      depth++;
      i++;
    } else if (c === '}') {
      if (depth === 0) return i;
      depth--;
    }
  }
  return -1;
}

export function scanInterpolation(s: string): Scan {
  const scan: Scan = { substitutions: [], errors: [] };
  let i = 0;
  while (i < s.length) {
    if (s[i] !== '$') {
      i++;
      continue;
    }
    const next = s[i + 1];
    if (next === '$') {
      i += 2;
      continue;
    }
    if (next !== '{') {
      const end = readName(s, i + 1);
      if (end > i + 1) scan.substitutions.push({ name: s.slice(i + 1, end), start: i, end });
      i = Math.max(end, i + 1);
      continue;
    }
    const nameEnd = readName(s, i + 2);
    const close = closingBrace(s, i + 2);
    if (close < 0) {
      scan.errors.push({ start: i, end: s.length, message: `unterminated "\${" in "${s.slice(i)}"` });
      return scan;
    }
    const after = s.slice(nameEnd, close);
    const validTail = after === '' || /^:?[-?+]/.test(after);
    if (nameEnd === i + 2 || !validTail) {
      scan.errors.push({ start: i, end: close + 1, message: `invalid interpolation "${s.slice(i, close + 1)}"` });
    } else {
      scan.substitutions.push({ name: s.slice(i + 2, nameEnd), start: i, end: close + 1 });
      // A default or error text may itself contain substitutions (`${A:-${B}}`).
      const op = /^:?[-?+]/.exec(after)?.[0] ?? '';
      const base = nameEnd + op.length;
      const inner = scanInterpolation(after.slice(op.length));
      for (const sub of inner.substitutions) scan.substitutions.push({ ...sub, start: sub.start + base, end: sub.end + base });
      for (const err of inner.errors) scan.errors.push({ ...err, start: err.start + base, end: err.end + base });
    }
    i = close + 1;
  }
  return scan;
}

/** Whether any part of the value comes from a variable (so its final text is not in the file). */
export function isInterpolated(s: string): boolean {
  return scanInterpolation(s).substitutions.length > 0;
}

export interface Part {
  text: string;
  /** Offset of the part in the split string. */
  at: number;
}

/** Splits on a separator that is not inside a `${...}` expression (`${PORT:-80}:80` has two parts). */
export function splitOutsideInterpolation(s: string, sep: string): Part[] {
  const parts: Part[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '$' && s[i + 1] === '{') {
      depth++;
      i++;
    } else if (s[i] === '}' && depth > 0) depth--;
    else if (s[i] === sep && depth === 0) {
      parts.push({ text: s.slice(from, i), at: from });
      from = i + 1;
    }
  }
  parts.push({ text: s.slice(from), at: from });
  return parts;
}

/**
 * The value as Compose gives it when no variable is set: `${VAR:-default}` and `${VAR-default}` become their
 * default (nested ones too), `$$` a dollar. Undefined when any other substitution remains (`$VAR`, `${VAR}`,
 * `${VAR:?err}`, `${VAR:+alt}`): then the value cannot be told from the file.
 */
export function withDefaults(s: string): string | undefined {
  const scan = scanInterpolation(s);
  if (scan.errors.length > 0) return undefined;
  let out = '';
  let i = 0;
  // Top-level substitutions only: nested ones are inside a default and handled by the recursion.
  for (const sub of scan.substitutions) {
    if (sub.start < i) continue;
    out += s.slice(i, sub.start).replace(/\$\$/g, '$');
    const m = /^\$\{[A-Za-z_][A-Za-z0-9_]*:?-(.*)\}$/s.exec(s.slice(sub.start, sub.end));
    if (!m) return undefined;
    const inner = withDefaults(m[1]!);
    if (inner === undefined) return undefined;
    out += inner;
    i = sub.end;
  }
  return out + s.slice(i).replace(/\$\$/g, '$');
}
