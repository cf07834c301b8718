// CGC000: what the parser could not read. Reports come from `parseCompose`; this rule only carries metadata.
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
      'only sees what the parser could recover.',
    severity: 'high',
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
      malformedPragma: 'Unrecognised confgate pragma "{{pragma}}"; expected ignore=ID[,ID] or ignore-file=ID[,ID] with reason="...".',
    },
    examples: {
      bad: ['services:\n  web:\n    image: [nginx\n', 'services: {}\n---\nservices: {}\n'],
      good: ['services:\n  web:\n    image: nginx:1.27\n'],
    },
  },
  check() {
    // The analyzer's parser reports syntax errors; see `runAnalyzer` in src/core/analyze.ts.
  },
};
