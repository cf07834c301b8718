// Chromium's HSTS preload list, from a local copy the operator names (SCAN_HSTS_PRELOAD_LIST): no package on the
// registries this project reaches ships it (docs/scoring-scan.md, "HSTS preload status"). Loaded once at start;
// a scan looks its domain up here and keeps only the matching entry in its evidence.
import { readFileSync, statSync } from 'node:fs';

export interface HstsPreloadEntry {
  name: string;
  include_subdomains: boolean;
  policy?: string;
}

export interface HstsPreloadList {
  /** The snapshot's date (YYYY-MM-DD): the operator's, or the file's modification date. */
  date: string;
  dateSource: 'setting' | 'mtime';
  /** force-https entries by lower-case name. */
  entries: ReadonlyMap<string, HstsPreloadEntry>;
}

/** What a scan's evidence keeps of the list: its date and size, and the entry that applies to the domain. */
export interface HstsPreloadEvidence {
  date: string;
  dateSource: 'setting' | 'mtime';
  size: number;
  entry?: HstsPreloadEntry;
}

export class HstsPreloadListError extends Error {
  override name = 'HstsPreloadListError';
}

/** Drops `//` comments outside strings (Chromium's file has whole-line comments; string contents are kept). */
export function stripLineComments(text: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      out += c;
      if (c === '\\') out += text[++i] ?? '';
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
      out += c;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else out += c;
  }
  return out;
}

/** Parses the text of a transport_security_state_static.json; throws HstsPreloadListError saying what is wrong. */
export function parseHstsPreloadList(text: string, date: string, dateSource: HstsPreloadList['dateSource']): HstsPreloadList {
  let doc: unknown;
  try {
    doc = JSON.parse(stripLineComments(text));
  } catch (err) {
    throw new HstsPreloadListError(`is not JSON with // comments (${err instanceof Error ? err.message : String(err)})`);
  }
  const raw = (doc as { entries?: unknown } | null)?.entries;
  if (!Array.isArray(raw)) throw new HstsPreloadListError('has no "entries" array');
  const entries = new Map<string, HstsPreloadEntry>();
  raw.forEach((e: unknown, i) => {
    const o = e as { name?: unknown; mode?: unknown; include_subdomains?: unknown; policy?: unknown } | null;
    if (typeof o !== 'object' || o === null || typeof o.name !== 'string' || o.name === '') throw new HstsPreloadListError(`entry ${i} has no "name"`);
    if (o.include_subdomains !== undefined && typeof o.include_subdomains !== 'boolean') throw new HstsPreloadListError(`entry ${i} (${o.name}): "include_subdomains" is not true or false`);
    // Entries without mode "force-https" only pin keys or expect CT: they preload no HSTS.
    if (o.mode !== 'force-https') return;
    const name = o.name.toLowerCase().replace(/\.$/, '');
    entries.set(name, { name, include_subdomains: o.include_subdomains === true, ...(typeof o.policy === 'string' ? { policy: o.policy } : {}) });
  });
  return { date, dateSource, entries };
}

/** Reads the list at `path` (SCAN_HSTS_PRELOAD_LIST); `date` (SCAN_HSTS_PRELOAD_DATE) or else the file's mtime dates it. */
export function loadHstsPreloadList(path: string, date?: string): HstsPreloadList {
  let text: string;
  let mtime: Date;
  try {
    text = readFileSync(path, 'utf8');
    mtime = statSync(path).mtime;
  } catch (err) {
    throw new HstsPreloadListError(`cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  return date !== undefined ? parseHstsPreloadList(text, date, 'setting') : parseHstsPreloadList(text, mtime.toISOString().slice(0, 10), 'mtime');
}

/** The entry that preloads `host`: its own, or the nearest parent's with include_subdomains (as Chromium looks up). */
export function lookupHstsPreload(list: HstsPreloadList, host: string): HstsPreloadEntry | undefined {
  const labels = host.toLowerCase().replace(/\.$/, '').split('.');
  for (let i = 0; i < labels.length; i++) {
    const entry = list.entries.get(labels.slice(i).join('.'));
    if (entry && (i === 0 || entry.include_subdomains)) return entry;
  }
  return undefined;
}

export function preloadEvidence(list: HstsPreloadList, host: string): HstsPreloadEvidence {
  const entry = lookupHstsPreload(list, host);
  return { date: list.date, dateSource: list.dateSource, size: list.entries.size, ...(entry ? { entry } : {}) };
}
