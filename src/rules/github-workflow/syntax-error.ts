// CGW000: what the parser could not read. Reports come from the parser; this rule only carries metadata.
import type { GhaRule } from './support.ts';
import { WORKFLOW_SYNTAX } from './support.ts';

export const rule: GhaRule = {
  meta: {
    id: 'CGW000',
    name: 'syntax-error',
    target: 'github-workflow',
    title: 'Workflow cannot be parsed',
    description:
      'The file is not valid YAML, holds more than one YAML document, expands aliases beyond a safe size, holds a ' +
      '`${{ }}` expression GitHub cannot parse, or carries a malformed `# confgate` pragma. GitHub refuses such a ' +
      'workflow (it fails to start), and the rest of the analysis only sees what the parser could recover.',
    severity: 'high',
    category: 'syntax',
    references: [WORKFLOW_SYNTAX, 'https://docs.github.com/en/actions/reference/workflows-and-actions/expressions'],
    remediation: 'Fix the YAML or the expression at the reported position; give every `# confgate ignore` pragma a `reason="..."`.',
    equivalents: ['actionlint:syntax-check', 'actionlint:expression'],
    messages: {
      default: 'The file cannot be parsed.',
      yaml: 'Invalid YAML: {{detail}}',
      multiDocument: 'A workflow holds one YAML document; this second document ("---") is not read by GitHub.',
      aliasBomb: 'YAML aliases expand to more than {{limit}} nodes; the file is not analyzed.',
      expression: 'Invalid expression: {{detail}}.',
      pragmaWithoutReason: 'Suppression "{{pragma}}" has no reason="..." and suppresses nothing.',
      malformedPragma: 'Unrecognised confgate pragma "{{pragma}}"; expected ignore=ID[,ID] or ignore-file=ID[,ID] with reason="...".',
    },
    examples: {
      bad: ['on: push\njobs:\n  test:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo ${{ github.ref == }}\n'],
      good: ['on: push\njobs:\n  test:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo "$GITHUB_REF"\n'],
    },
  },
  check() {
    // The analyzer's parser reports syntax errors; see `runAnalyzer` in src/core/analyze.ts.
  },
};
