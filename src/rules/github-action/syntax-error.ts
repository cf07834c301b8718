// CGA000: what the parser could not read (reports from the parser), and an action GitHub cannot load: empty, or
// without `runs.using`.
import { get, getPair } from '../../analyzers/yaml/yaml-tree.ts';
import type { GhaRule } from '../github-workflow/support.ts';
import { ghDocs } from '../github-workflow/support.ts';
import { PRAGMA_MESSAGES } from '../pragma-messages.ts';
import { SCHEMA_MESSAGES } from '../github-workflow/schema-messages.ts';

const SCHEMA_WORDS =
  'action metadata schema (an unknown key in `runs:` or a step, a value of the wrong kind, a `${{ }}` where none is allowed, or a context not available where it is used)';

export const rule: GhaRule = {
  meta: {
    id: 'CGA000',
    name: 'syntax-error',
    target: 'github-action',
    title: 'Action metadata cannot be parsed',
    description:
      'The file is not valid YAML, holds more than one YAML document, expands aliases beyond a safe size, holds a ' +
      '`${{ }}` expression GitHub cannot parse, breaks GitHub\'s own ' + SCHEMA_WORDS + ', or carries a malformed `# confgate` pragma. Every workflow using the ' +
      'action then fails, and the rest of the analysis only sees what the parser could recover. An empty file, or ' +
      'one without `runs:` and its `using:`, is reported too: GitHub cannot load it.',
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
      empty: 'The action\'s metadata is empty; GitHub cannot load it.',
      noRuns: 'The action has no `runs:` with `using:`; GitHub cannot load it.',
      ...SCHEMA_MESSAGES,
      ...PRAGMA_MESSAGES,
    },
    examples: {
      bad: ["name: greet\nruns:\n  using: composite\n  steps:\n    - run: echo ${{ inputs.who == }}\n      shell: bash\n"],
      good: ["name: greet\nruns:\n  using: composite\n  steps:\n    - run: echo \"$WHO\"\n      shell: bash\n      env:\n        WHO: ${{ inputs.who }}\n"],
    },
  },
  // The parser reports syntax errors (see `runAnalyzer` in src/core/analyze.ts); the check, an action that cannot load.
  check(doc, report) {
    const root = doc.root;
    if (!root) {
      if (doc.pos.text.split('\n').every((line) => /^\s*(#.*)?$/.test(line))) report({ range: { start_line: 1, start_column: 1, end_line: 1, end_column: 1 }, messageId: 'empty' });
      return;
    }
    if (root.kind !== 'map' || get(get(root, 'runs'), 'using')) return;
    report({ range: (getPair(root, 'runs') ?? root.pairs[0])?.keyNode.range ?? root.range, messageId: 'noRuns' });
  },
};
