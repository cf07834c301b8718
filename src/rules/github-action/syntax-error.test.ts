import { testRule } from '../../../test/support/rule-tester.ts';
import { actionAnalyzer } from './index.ts';
import { rule } from './syntax-error.ts';

testRule(actionAnalyzer, rule, {
  valid: ['name: a\nruns:\n  using: node20\n  main: index.js\n'],
  invalid: [
    { code: 'name: a\nruns:\n  using: composite\n  steps:\n    - run: echo ${{ inputs.x == }}\n      shell: bash\n', errors: [{ line: 5, column: 17, endLine: 5, endColumn: 35, message: 'Invalid expression' }] },
    { code: 'name: [a\n', errors: [{ line: 2, column: 1, message: 'Invalid YAML' }] },
  ],
});
