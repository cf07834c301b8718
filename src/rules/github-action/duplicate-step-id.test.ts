import { testRule } from '../../../test/support/rule-tester.ts';
import { actionAnalyzer } from './index.ts';
import { rule } from './duplicate-step-id.ts';

testRule(actionAnalyzer, rule, {
  valid: [
    "name: a\nruns:\n  using: composite\n  steps:\n    - id: a\n      run: a\n      shell: bash\n",
  ],
  invalid: [
    { code: "name: a\nruns:\n  using: composite\n  steps:\n    - id: a\n      run: a\n      shell: bash\n    - id: a\n      run: b\n      shell: bash\n", errors: [{ line: 8, column: 11, endLine: 8, endColumn: 12, message: "already used at line 5" }] },
  ],
});
