// CGW000: what the parser could not read or GitHub's workflow schema refuses (reports from the parser, schema.ts), and a
// workflow GitHub cannot run: empty.
import type { GhaRule } from './support.ts';
import { WORKFLOW_SYNTAX } from './support.ts';
import { PRAGMA_MESSAGES } from '../pragma-messages.ts';
import { SCHEMA_MESSAGES } from './schema-messages.ts';

const SCHEMA_WORDS =
  'workflow schema (an unknown or misspelt key — keys are case-sensitive —, a missing required key, a step or job mixing two shapes, a value of the wrong kind, an event, filter or activity type GitHub does not know, a `${{ }}` where none is allowed, or a context or function not available where it is used, such as `secrets` in a job\'s `if:`)';

export const rule: GhaRule = {
  meta: {
    id: 'CGW000',
    name: 'syntax-error',
    target: 'github-workflow',
    title: 'Workflow cannot be parsed',
    description:
      'The file is not valid YAML, holds more than one YAML document, expands aliases beyond a safe size, holds a ' +
      '`${{ }}` expression GitHub cannot parse, breaks GitHub\'s own ' + SCHEMA_WORDS + ', or carries a malformed `# confgate` pragma. GitHub refuses such a ' +
      'workflow (it fails to start), and the rest of the analysis only sees what the parser could recover. An empty ' +
      'file, or a workflow without `on:` or without `jobs:`, is reported too: GitHub refuses it, so it is not a perfect score.',
    severity: 'high',
    category: 'syntax',
    references: [WORKFLOW_SYNTAX, 'https://docs.github.com/en/actions/reference/workflows-and-actions/expressions'],
    remediation: 'Fix the YAML or the expression at the reported position; give every `# confgate ignore` pragma a `reason="..."`.',
    equivalents: ['actionlint:syntax-check', 'actionlint:expression', 'actionlint:events'],
    messages: {
      default: 'The file cannot be parsed.',
      yaml: 'Invalid YAML: {{detail}}',
      multiDocument: 'A workflow holds one YAML document; this second document ("---") is not read by GitHub.',
      aliasBomb: 'YAML aliases expand to more than {{limit}} nodes; the file is not analyzed.',
      expression: 'Invalid expression: {{detail}}.',
      empty: 'The workflow is empty; GitHub has nothing to run.',
      missing: 'The workflow has no `{{key}}:`; GitHub refuses it.',
      ...SCHEMA_MESSAGES,
      ...PRAGMA_MESSAGES,
    },
    examples: {
      bad: ['on: push\njobs:\n  test:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo ${{ github.ref == }}\n'],
      good: ['on: push\njobs:\n  test:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo "$GITHUB_REF"\n'],
    },
  },
  // The parser reports syntax errors (see `runAnalyzer` in src/core/analyze.ts); the check, a workflow that cannot run.
  check(doc, report) {
    const root = doc.root;
    if (!root) {
      // No document: an empty file (comments aside) is this rule's; anything else is a YAML error the parser reported.
      if (doc.pos.text.split('\n').every((line) => /^\s*(#.*)?$/.test(line))) report({ range: { start_line: 1, start_column: 1, end_line: 1, end_column: 1 }, messageId: 'empty' });
      return;
    }
  },
};
