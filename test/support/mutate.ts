// Mutation for fuzz tests: applies edits to a seed text. Each edit is (position, characters to delete, text to
// insert); the position wraps around the current text length, so any generated numbers give a valid edit.
export type Edit = readonly [at: number, del: number, insert: string];

export function applyEdits(seed: string, edits: readonly Edit[]): string {
  let text = seed;
  for (const [at, del, insert] of edits) {
    const i = at % (text.length + 1);
    text = text.slice(0, i) + insert + text.slice(i + del);
  }
  return text;
}
