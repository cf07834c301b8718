// File type detection for `file_type: "auto"`, over the list of file types: the file name first (a conventional
// name or place is unambiguous), then the content. Pure; returns how it decided and how sure it is.
import type { FileTypeDescriptor } from '../core/file-type.ts';
import { FILE_TYPES } from './file-types/index.ts';
import type { FileTypeId } from './file-types/index.ts';

export interface Detection {
  method: 'explicit' | 'filename' | 'content';
  /** 0..1: 1 for explicit types and conventional names; lower for content heuristics. */
  confidence: number;
  reason: string;
}

export interface Detected<Id extends string = FileTypeId> {
  fileType: Id;
  detection: Detection;
}

/** A glob (`*` = any characters but `/`) as a case-insensitive regular expression over the end of a name, from `start`. */
function globRegex(glob: string, start: string): RegExp {
  return new RegExp(`${start}${glob.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]*')}$`, 'i');
}

function basename(filename: string): string {
  return filename.split(/[\\/]/).pop() ?? filename;
}

const round = (x: number) => Math.round(x * 100) / 100;

/** Detection over `types`, in their order: by name (name globs match the base name, path globs the last segments of
 * the name, whatever comes before them), then by content (the most confident detector, the earlier type on a tie). */
export function detectorFor<Id extends string>(types: readonly FileTypeDescriptor<unknown, Id>[]) {
  const matchers = types.map((t) => ({
    fileType: t.id,
    label: t.label,
    names: t.names.map((g) => globRegex(g, '^')),
    paths: t.paths.map((g) => globRegex(g, '(?:^|/)')),
    excluded: t.excludedNames.map((g) => globRegex(g, '^')),
  }));

  function byName(filename: string): Detected<Id> | undefined {
    const name = basename(filename);
    const path = filename.replace(/\\/g, '/');
    // A place wins over a name, whatever the list's order: GitHub runs `.github/workflows/docker-compose.yml` as a
    // workflow, whatever its name says.
    for (const m of matchers) {
      if (m.excluded.some((re) => re.test(name))) continue;
      if (m.paths.some((re) => re.test(path))) {
        return { fileType: m.fileType, detection: { method: 'filename', confidence: 1, reason: `the path "${path}" is a ${m.label} path` } };
      }
    }
    for (const m of matchers) {
      if (m.excluded.some((re) => re.test(name))) continue;
      if (m.names.some((re) => re.test(name))) {
        return { fileType: m.fileType, detection: { method: 'filename', confidence: 1, reason: `the name "${name}" is a ${m.label} name` } };
      }
    }
    return undefined;
  }

  function byContent(content: string): Detected<Id> | undefined {
    let best: { fileType: Id; confidence: number; reason: string } | undefined;
    for (const t of types) {
      const match = t.detect(content);
      if (match && (!best || match.confidence > best.confidence)) best = { fileType: t.id, ...match };
    }
    if (!best) return undefined;
    return { fileType: best.fileType, detection: { method: 'content', confidence: round(best.confidence), reason: best.reason } };
  }

  return { byName, byContent, detect: (filename: string, content: string) => byName(filename) ?? byContent(content) };
}

const detector = detectorFor<FileTypeId>(FILE_TYPES);

export const detectByName = detector.byName;
export const detectByContent = detector.byContent;
/** Detects a file's type from its name, then its content; undefined when it is none we support. */
export const detectFileType = detector.detect;
