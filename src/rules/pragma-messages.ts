// The messages of a malformed confgate pragma, reported by every file type's syntax rule from the shared pragma
// readers (src/analyzers/line-pragmas.ts, src/analyzers/yaml/comments.ts): one wording for all of them.
export const PRAGMA_MESSAGES = {
  pragmaWithoutReason: 'Suppression "{{pragma}}" has no reason="..." and suppresses nothing.',
  malformedPragma: 'Unrecognised confgate pragma "{{pragma}}"; expected ignore=ID[,ID] or ignore-file=ID[,ID] with reason="...".',
} as const;
