import { testRule } from '../../../test/support/rule-tester.ts';
import { actionAnalyzer } from './index.ts';
import { rule } from './deprecated-workflow-command.ts';

testRule(actionAnalyzer, rule, {
  valid: [
    "name: a\nruns:\n  using: composite\n  steps:\n    - run: echo \"a=1\" >> \"$GITHUB_OUTPUT\"\n      shell: bash\n",
  ],
  invalid: [
    { code: "name: a\nruns:\n  using: composite\n  steps:\n    - run: echo \"::save-state name=a::1\"\n      shell: sh\n", errors: [{ line: 5, column: 17, endLine: 5, endColumn: 41, message: "::save-state", severity: 'medium' }] },
  ],
});
