// File type detection for `file_type: "auto"`: the file name first (conventional names are unambiguous),
// then the content. Pure; returns how it decided and how sure it is.
import type { FileType } from '../core/rule.ts';

export interface Detection {
  method: 'explicit' | 'filename' | 'content';
  /** 0..1: 1 for explicit types and conventional names; lower for content heuristics. */
  confidence: number;
  reason: string;
}

export interface Detected {
  fileType: FileType;
  detection: Detection;
}

/** Conventional file names per type, as globs (`*` = any characters but `/`), matched case-insensitively
 * against the base name. Published by GET /api/file-types; the CLI expands directories with them. */
export const NAME_PATTERNS: Record<FileType, readonly string[]> = {
  dockerfile: ['Dockerfile', 'Dockerfile.*', '*.Dockerfile', 'Containerfile', 'Containerfile.*', '*.Containerfile'],
  compose: [
    'compose.yaml', 'compose.yml', 'compose.*.yaml', 'compose.*.yml',
    'docker-compose.yaml', 'docker-compose.yml', 'docker-compose.*.yaml', 'docker-compose.*.yml',
    '*.compose.yaml', '*.compose.yml',
  ],
};

/** Names that match a pattern above but are not that type: BuildKit's per-Dockerfile ignore files. */
export const EXCLUDED_NAMES: readonly string[] = ['*.dockerignore'];

function globRegex(glob: string): RegExp {
  return new RegExp(`^${glob.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]*')}$`, 'i');
}

const NAME_REGEXES = Object.entries(NAME_PATTERNS).map(([type, globs]) => [type as FileType, globs.map(globRegex)] as const);
const EXCLUDED_REGEXES = EXCLUDED_NAMES.map(globRegex);
const TYPE_TITLE: Record<FileType, string> = { dockerfile: 'Dockerfile', compose: 'Compose file' };

const INSTRUCTIONS = new Set(['FROM', 'RUN', 'CMD', 'LABEL', 'MAINTAINER', 'EXPOSE', 'ENV', 'ADD', 'COPY', 'ENTRYPOINT', 'VOLUME', 'USER', 'WORKDIR', 'ARG', 'ONBUILD', 'STOPSIGNAL', 'HEALTHCHECK', 'SHELL']);
const COMPOSE_TOP_KEYS = new Set(['version', 'name', 'services', 'volumes', 'networks', 'secrets', 'configs', 'include', 'models']);

function basename(filename: string): string {
  return filename.split(/[\\/]/).pop() ?? filename;
}

export function detectByName(filename: string): Detected | undefined {
  const name = basename(filename);
  if (EXCLUDED_REGEXES.some((re) => re.test(name))) return undefined;
  for (const [fileType, regexes] of NAME_REGEXES) {
    if (regexes.some((re) => re.test(name))) {
      return { fileType, detection: { method: 'filename', confidence: 1, reason: `the name "${name}" is a ${TYPE_TITLE[fileType]} name` } };
    }
  }
  return undefined;
}

/** Lines that carry content: not blank, not comments, not continuation of a previous line. */
function logicalLines(content: string): string[] {
  const out: string[] = [];
  let continued = false;
  for (const raw of content.split(/\r?\n/)) {
    const line = raw.trim();
    if (!continued && line !== '' && !line.startsWith('#')) out.push(line);
    if (line !== '' && !line.startsWith('#')) continued = /\\$|`$/.test(line);
    if (out.length >= 200) break;
  }
  return out;
}

function dockerfileScore(content: string): number {
  const lines = logicalLines(content);
  if (lines.length === 0) return 0;
  const keywords = lines.map((l) => /^([A-Za-z]+)(\s|$)/.exec(l)?.[1]?.toUpperCase() ?? '');
  const known = keywords.filter((k) => INSTRUCTIONS.has(k)).length;
  const share = known / lines.length;
  const startsRight = keywords[0] === 'FROM' || keywords[0] === 'ARG';
  if (share < 0.6) return 0;
  return startsRight ? Math.min(0.95, 0.6 + share * 0.35) : share * 0.6;
}

function composeScore(content: string): number {
  const top = content.split(/\r?\n/).filter((l) => /^[A-Za-z_][\w.-]*\s*:/.test(l)).map((l) => l.slice(0, l.indexOf(':')).trim());
  if (top.length === 0) return 0;
  const relevant = top.filter((k) => !k.startsWith('x-'));
  if (!relevant.includes('services')) return relevant.length > 0 && relevant.every((k) => COMPOSE_TOP_KEYS.has(k)) ? 0.5 : 0;
  return relevant.every((k) => COMPOSE_TOP_KEYS.has(k)) ? 0.9 : 0.6;
}

export function detectByContent(content: string): Detected | undefined {
  const d = dockerfileScore(content);
  const c = composeScore(content);
  if (d === 0 && c === 0) return undefined;
  if (d >= c) return { fileType: 'dockerfile', detection: { method: 'content', confidence: round(d), reason: 'the content reads as Dockerfile instructions' } };
  return { fileType: 'compose', detection: { method: 'content', confidence: round(c), reason: 'the content is YAML with Compose top-level keys' } };
}

const round = (x: number) => Math.round(x * 100) / 100;

/** Detects a file's type from its name, then its content; undefined when it is none we support. */
export function detectFileType(filename: string, content: string): Detected | undefined {
  return detectByName(filename) ?? detectByContent(content);
}
