import { testRule } from '../../../test/support/rule-tester.ts';
import { actionAnalyzer } from './index.ts';
import { rule } from './action-pinned-by-tag.ts';

testRule(actionAnalyzer, rule, {
  valid: [
    "name: a\nruns:\n  using: composite\n  steps:\n    - uses: actions/cache@v4\n",
  ],
  invalid: [
    { code: "name: a\nruns:\n  using: composite\n  steps:\n    - uses: example/x@v1.0.0\n", errors: [{ line: 5, column: 22, endLine: 5, endColumn: 29, message: "tag \"v1.0.0\"" }] },
  ],
});
