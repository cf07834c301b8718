// CGA000: what the parser could not read. Reports come from the parser; this rule only carries metadata.
import type { GhaRule } from '../github-workflow/support.ts';
import { ghDocs } from '../github-workflow/support.ts';

export const rule: GhaRule = {
  meta: {
    id: 'CGA000',
    name: 'syntax-error',
    target: 'github-action',
    title: 'Action metadata cannot be parsed',
    description:
      'The file is not valid YAML, holds more than one YAML document, expands aliases beyond a safe size, holds a ' +
      '`${{ }}` expression GitHub cannot parse, or carries a malformed `# confgate` pragma. Every workflow using the ' +
      'action then fails, and the rest of the analysis only sees what the parser could recover.',
    severity: 'high',
    category: 'syntax',
    references: [ghDocs('reference/workflows-and-actions/metadata-syntax')],
    remediation: 'Fix the YAML or the expression at the reported position; give every `# confgate ignore` pragma a `reason="..."`.',
    equivalents: ['actionlint:syntax-check', 'actionlint:expression'],
    messages: {
      default: 'The file cannot be parsed.',
      yaml: 'Invalid YAML: {{detail}}',
      multiDocument: 'An action\'s metadata is one YAML document; this second document ("---") is not read by GitHub.',
      aliasBomb: 'YAML aliases expand to more than {{limit}} nodes; the file is not analyzed.',
      expression: 'Invalid expression: {{detail}}.',
      pragmaWithoutReason: 'Suppression "{{pragma}}" has no reason="..." and suppresses nothing.',
      malformedPragma: 'Unrecognised confgate pragma "{{pragma}}"; expected ignore=ID[,ID] or ignore-file=ID[,ID] with reason="...".',
    },
    examples: {
      bad: ["name: greet\nruns:\n  using: composite\n  steps:\n    - run: echo ${{ inputs.who == }}\n      shell: bash\n"],
      good: ["name: greet\nruns:\n  using: composite\n  steps:\n    - run: echo \"$WHO\"\n      shell: bash\n      env:\n        WHO: ${{ inputs.who }}\n"],
    },
  },
  check() {
    // The analyzer's parser reports syntax errors; see `runAnalyzer` in src/core/analyze.ts.
  },
};
