// A file type as the whole pipeline sees it: how files of it are recognised, parsed and checked, and how the
// catalogue, the rule reference, the analyzer page and the CLI name it. One descriptor per type, one list of them
// (src/analysis/file-types/index.ts); everything that differs by file type reads it from there. Types only: the
// core knows no file type.
import type { FileAnalyzer } from './analyze.ts';

/** How much a file's content reads as a type: 0..1 (shown rounded to hundredths), and why in words. */
export interface ContentMatch {
  confidence: number;
  reason: string;
}

export interface FileTypeDescriptor<D = unknown, Id extends string = string> {
  /** The `file_type` value of requests, reports, rule targets and counters; never renamed. */
  id: Id;
  /** As GET /api/file-types titles it: "Dockerfile (also Containerfile)". */
  title: string;
  /** A file of this type as detection reasons, reports and the analyzer page name it: "Compose file". */
  label: string;
  /** Its rules as the rule reference and docs/rules group them: "Compose". */
  rulesTitle: string;
  /** Conventional base names: case-insensitive globs, `*` any characters but `/`. */
  names: readonly string[];
  /** Conventional places: globs as `names`, matched against the last segments of a file name that carries a path
   * (the CLI sends repository-relative names), such as `.github/workflows/*.yml`. */
  paths: readonly string[];
  /** Names that match `names` but are not this type. */
  excludedNames: readonly string[];
  /** How much the content reads as this type, for files whose name says nothing; undefined when not at all. Pure
   * and cheap: it runs on every such file for every type, and the highest confidence wins (the earlier type on a tie). */
  detect(content: string): ContentMatch | undefined;
  /** The parser (which also reads the suppression pragmas), the rules sorted by id, the syntax-error rule. */
  analyzer: FileAnalyzer<D>;
  /** Every rule id of this type is this prefix and three digits (`CGD001`); ids are never reused. */
  ruleIdPrefix: string;
  /** The language of its text, for code blocks in the rule docs. */
  language: string;
  /** The tools whose checks its rules name in `equivalents` (`hadolint` for `hadolint:DL3007`). */
  equivalentTools: readonly string[];
  /** `directory`: the CLI's directory search sends files of this type; `named`: only a file a user names (on the
   * CLI's command line, or sent to the API) is analyzed — directory discovery never uploads it (.env files hold
   * secrets). GET /api/file-types lists a named type's globs apart, so no client's directory search finds them. */
  discovery: 'directory' | 'named';
  /** Files of this type the CLI sends along with a file of `fileType` it sends, when they exist beside it: `names`
   * are base names in that file's directory, `{name}` standing for its base name (`{name}.dockerignore`). */
  sentWith?: { fileType: string; names: readonly string[] };
  /** Suppression pragmas its parser reads besides ours (`# confgate ignore=…`): these tools' own, which silence our
   * rules through `equivalents`. */
  pragmas: readonly string[];
}
