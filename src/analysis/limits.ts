// Limits of a submission to the public analysis (the spec's), measured on the decoded content in UTF-8 bytes.
// KB means 1000 bytes throughout (SI), as the error messages say.
export const ANALYSIS_LIMITS = {
  maxFiles: 10,
  maxFileBytes: 100_000,
  maxProjectBytes: 500_000,
  maxFilenameLength: 255,
} as const;

/** A limit as the messages state it: `100 KB` (1 KB = 1000 bytes). */
export function kb(bytes: number): string {
  return `${bytes / 1000} KB`;
}

export function utf8Bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}
