import { testRule } from '../../../test/support/rule-tester.ts';
import { actionAnalyzer } from './index.ts';
import { rule } from './compromised-action.ts';

testRule(actionAnalyzer, rule, {
  valid: [
    "name: a\nruns:\n  using: composite\n  steps:\n    - uses: tj-actions/changed-files@v46\n",
  ],
  invalid: [
    { code: "name: a\nruns:\n  using: composite\n  steps:\n    - uses: tj-actions/changed-files@v44.5.1\n", errors: [{ line: 5, column: 37, endLine: 5, endColumn: 45, message: "GHSA-mrrh-fwg8-r2c3" }] },
  ],
});
