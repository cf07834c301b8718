import { testRule } from '../../../test/support/rule-tester.ts';
import { actionAnalyzer } from './index.ts';
import { rule } from './action-unpinned.ts';

testRule(actionAnalyzer, rule, {
  valid: [
    "name: a\nruns:\n  using: composite\n  steps:\n    - uses: example/x@v1\n",
    "name: a\nruns:\n  using: composite\n  steps:\n    - uses: ./local\n",
  ],
  invalid: [
    { code: "name: a\nruns:\n  using: composite\n  steps:\n    - uses: example/x@main\n", errors: [{ line: 5, column: 22, endLine: 5, endColumn: 27, message: "reads as a branch", severity: 'high' }] },
    { code: "name: a\nruns:\n  using: composite\n  steps:\n    - uses: actions/cache@main\n", errors: [{ line: 5, column: 26, endLine: 5, endColumn: 31, message: 'GitHub-owned action', severity: 'medium' }], name: "GitHub's own action on a branch: medium" },
    { code: "name: a\nruns:\n  using: composite\n  steps:\n    - uses: example/x\n", errors: [{ line: 5, column: 13, endLine: 5, endColumn: 22, message: "no ref" }], name: "no ref" },
  ],
});
