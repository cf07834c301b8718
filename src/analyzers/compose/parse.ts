// `parseCompose`: text to the typed Compose document, never throwing. YAML errors, a second document and
// malformed confgate pragmas become syntax errors; whatever the parser recovered is still analyzed.
import type { Parsed } from '../../core/analyze.ts';
import type { ComposeDoc } from './model.ts';
import { buildComposeDoc } from './services.ts';
import { scanComposeComments } from './suppressions.ts';
import { parseYaml } from '../yaml/parse.ts';

export function parseCompose(text: string): Parsed<ComposeDoc> {
  const y = parseYaml(text);
  const scan = scanComposeComments(y.comments, y.pos, y.nodeEnds);
  return { doc: buildComposeDoc(y.root, y.pos, y.duplicates), suppressions: scan.suppressions, syntaxErrors: [...y.syntaxErrors, ...scan.errors] };
}
