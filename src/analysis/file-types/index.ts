// The file types we analyze: one descriptor each (src/core/file-type.ts), one line each here. Detection, the
// catalogue (GET /api/file-types, GET /api/rules), the rule reference and docs/rules, the registry test, the
// analyzer page and the CLI's directory discovery all read this list. Adding a type: its parser in
// src/analyzers/<type>/, its rules in src/rules/<type>/, its descriptor beside this file, and its line below
// (DEVELOPERS.md, "Adding a file type"). The order is the order of the catalogue, and the tie-break of content
// detection.
import { compose } from './compose.ts';
import { dockerfile } from './dockerfile.ts';
import { dockerignore } from './dockerignore.ts';
import { dotenv } from './dotenv.ts';
import { githubAction } from './github-action.ts';
import { githubWorkflow } from './github-workflow.ts';

export const FILE_TYPES = [
  dockerfile,
  compose,
  githubWorkflow,
  githubAction,
  dockerignore,
  dotenv,
] as const;

type Descriptor = (typeof FILE_TYPES)[number];

/** A file type's id: a `file_type` value other than `auto`. */
export type FileTypeId = Descriptor['id'];

const byId = new Map<string, Descriptor>(FILE_TYPES.map((t) => [t.id, t]));

/** The descriptor of a known id (typed ids cannot miss). */
export function fileType(id: FileTypeId): Descriptor {
  return byId.get(id)!;
}

/** Narrows any string (a request's `file_type`, a rule's target) to a file type's id. */
export function isFileTypeId(id: string): id is FileTypeId {
  return byId.has(id);
}
