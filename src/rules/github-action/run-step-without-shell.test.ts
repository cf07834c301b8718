import { testRule } from '../../../test/support/rule-tester.ts';
import { actionAnalyzer } from './index.ts';
import { rule } from './run-step-without-shell.ts';

testRule(actionAnalyzer, rule, {
  valid: [
    "name: a\nruns:\n  using: composite\n  steps:\n    - run: a\n      shell: bash\n    - uses: example/x@v1\n",
    "name: a\nruns:\n  using: node20\n  main: index.js\n",
  ],
  invalid: [
    { code: "name: a\nruns:\n  using: composite\n  steps:\n    - run: a\n      shell: bash\n    - name: b\n      run: b\n", errors: [{ line: 8, column: 7, endLine: 8, endColumn: 10, message: "no `shell:`" }] },
  ],
});
