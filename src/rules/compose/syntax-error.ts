// CGC000: what the parser could not read (reports from `parseCompose`), and a file with nothing for Compose to run:
// empty, or no service (unless it includes other files, which may define them).
import { getPair } from '../../analyzers/yaml/yaml-tree.ts';
import type { ComposeRule } from './support.ts';

export const rule: ComposeRule = {
  meta: {
    id: 'CGC000',
    name: 'syntax-error',
    target: 'compose',
    title: 'Compose file cannot be parsed',
    description:
      'The file is not valid YAML, holds more than one YAML document, expands aliases beyond a safe size, or ' +
      'carries a malformed `# confgate` pragma. Compose refuses such a file, and the rest of the analysis ' +
      'only sees what the parser could recover. An empty file, or one that defines no service and includes no ' +
      'other file, is reported too: Compose has nothing to run, so it is not a perfect score.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: Compose refuses the file.',
    ],
    category: 'syntax',
    references: ['https://yaml.org/spec/1.2.2/', 'https://docs.docker.com/reference/compose-file/'],
    remediation: 'Fix the YAML at the reported position; keep one document per Compose file; give every `# confgate ignore` pragma a `reason="..."`.',
    equivalents: ['dclint:invalid-yaml'],
    messages: {
      default: 'The file cannot be parsed.',
      yaml: 'Invalid YAML: {{detail}}',
      multiDocument: 'A Compose file holds one YAML document; this second document ("---") is not read by Compose.',
      aliasBomb: 'YAML aliases expand to more than {{limit}} nodes; the file is not analyzed.',
      pragmaWithoutReason: 'Suppression "{{pragma}}" has no reason="..." and suppresses nothing.',
      empty: 'The Compose file is empty; Compose has no service to run.',
      noServices: 'The Compose file defines no service (and includes no file); Compose has nothing to run.',
      malformedPragma: 'Unrecognised confgate pragma "{{pragma}}"; expected ignore=ID[,ID] or ignore-file=ID[,ID] with reason="...".',
    },
    examples: {
      bad: ['services:\n  web:\n    image: [nginx\n', 'services: {}\n---\nservices: {}\n', 'services: {}\n'],
      good: ['services:\n  web:\n    image: nginx:1.27\n'],
    },
  },
  // The parser reports syntax errors (see `runAnalyzer` in src/core/analyze.ts); the check, a file with nothing to run.
  check(doc, report) {
    if (doc.services.length > 0 || doc.hasInclude) return;
    if (!doc.root) {
      // No mapping: an empty file (comments aside) is this rule's; anything else is unreadable or not a mapping,
      // which the parser or the schema rule reports.
      if (doc.pos.text.split('\n').every((line) => /^\s*(#.*)?$/.test(line))) report({ range: { start_line: 1, start_column: 1, end_line: 1, end_column: 1 }, messageId: 'empty' });
      return;
    }
    const services = getPair(doc.root, 'services');
    // `services:` with no mapping is a schema violation (CGC001), not this finding.
    if (services && services.value.kind !== 'map') return;
    report({ range: (services ?? doc.root.pairs[0])?.keyNode.range ?? doc.root.range, messageId: 'noServices' });
  },
};
